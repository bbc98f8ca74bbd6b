import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseArgs } from '../../../server/src/cli/args';
import type { CheckArgs } from '../../../server/src/cli/args';
import { runCli } from '../../../server/src/cli/run';
import { checkRoot } from '../../../server/src/core/check';
import { atLeast, ENGINE_VERSION_FACTS, LATEST_V2, parseEngineVersion } from '../../../server/src/core/engineVersion';
import type { EngineVersion } from '../../../server/src/core/engineVersion';
import { ParseCache } from '../../../server/src/core/project/cache';
import { readEngineVersion } from '../../../server/src/lsp/settings';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { markedProject, where, expected } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, ROOT, schemaValidator } from '../helpers/project';

/** Checks BASE plus opentelemetry.yaml for a target version; the findings with `code`, and the marked spans. */
function otel(marked: string, version?: EngineVersion): { actual: string[]; want: string[]; messages: string[]; all: string[] } {
  const project = markedProject(ROOT, { ...BASE, 'opentelemetry.yaml': marked });
  const result = checkRoot(ROOT, {
    host: memoryHost(project.files),
    cache: new ParseCache(),
    validator: schemaValidator(),
    ...(version ? { engineVersion: version } : {}),
  });
  const code = 'engine-version-unsupported';
  const found = result.findings.filter((f) => f.code === code);
  return {
    actual: found.map(where).sort(),
    want: Object.entries(project.spans)
      .flatMap(([file, spans]) => spans.map((s) => expected(code, file, s)))
      .sort(),
    messages: found.map((f) => f.message),
    all: result.findings.filter((f) => f.severity === 'error').map((f) => f.code),
  };
}

const v = (text: string): EngineVersion => parseEngineVersion(text)!;

describe('engine versions', () => {
  test('versions: v2.39, 2.36.6, latest; anything else is refused', () => {
    assert.deepEqual(parseEngineVersion('v2.39'), { major: 2, minor: 39, patch: 0 });
    assert.deepEqual(parseEngineVersion('2.36.6'), { major: 2, minor: 36, patch: 6 });
    assert.deepEqual(parseEngineVersion('v2.40.0-beta.1'), { major: 2, minor: 40, patch: 0 });
    assert.equal(parseEngineVersion('latest'), LATEST_V2);
    assert.equal(parseEngineVersion('two'), undefined);
    assert.ok(atLeast(v('2.39'), ENGINE_VERSION_FACTS.otelStatusTemplate.since));
    assert.ok(!atLeast(v('2.38.9'), ENGINE_VERSION_FACTS.otelStatusTemplate.since));
  });

  test('an {{ENV}} template as OpenTelemetry status: fine for the latest v2 (the engine substitutes it before reading the enum)', () => {
    const r = otel('status: "{{HGE_OTEL_STATUS}}"\ndata_types: [traces]\n');
    assert.deepEqual(r.all, []);
  });

  test('the same for a v2.37 target: an error on the status, with the version facts', () => {
    const r = otel('status: ⟦"{{HGE_OTEL_STATUS}}"⟧\ndata_types: [traces]\n', v('v2.37'));
    assert.deepEqual(r.actual, r.want);
    assert.deepEqual(r.messages, [
      '`{{HGE_OTEL_STATUS}}`: an environment variable template in OpenTelemetry `status` needs engine v2.39.0 or later; the target is v2.37.0 (setting `graphqlMetadata.engineVersion`, CLI `--engine-version`). Before v2.39 the engine rejects it: "OpenTelemetry status must be either \\"enabled\\" or \\"disabled\\"".',
    ]);
    assert.deepEqual(r.all, ['engine-version-unsupported']);
  });

  test('a status that is neither enabled/disabled nor one template stays a schema error, whatever the version', () => {
    assert.deepEqual(otel('status: "{{A}}-x"\n').all, ['schema-enum']);
    assert.deepEqual(otel('status: enabld\n').all, ['schema-enum']);
  });

  test('data types: metrics from v2.31, logs from v2.35', () => {
    const marked = 'status: enabled\ndata_types:\n  - traces\n  - ⟦metrics⟧\n  - ⟦logs⟧\n';
    const old = otel(marked, v('2.30'));
    assert.deepEqual(old.actual, old.want);
    const mid = otel('status: enabled\ndata_types:\n  - traces\n  - metrics\n  - ⟦logs⟧\n', v('2.33.1'));
    assert.deepEqual(mid.actual, mid.want);
    assert.deepEqual(otel(marked.replace(/[⟦⟧]/g, ''), v('2.35')).actual, []);
  });

  test('OpenTelemetry export itself before v2.18: on the first key; an empty file is fine', () => {
    const r = otel('status: ⟦enabled⟧\n', v('2.17'));
    assert.deepEqual(r.actual, r.want);
    assert.deepEqual(otel('{}\n', v('2.17')).actual, []);
  });

  test('the setting: graphqlMetadata.engineVersion', () => {
    assert.deepEqual(readEngineVersion({ engineVersion: 'v2.37' }), { major: 2, minor: 37, patch: 0 });
    assert.equal(readEngineVersion({ engineVersion: 'nonsense' }), LATEST_V2);
    assert.equal(readEngineVersion({}), LATEST_V2);
  });

  test('the CLI flag: --engine-version', async () => {
    assert.deepEqual((parseArgs(['check', '--engine-version', 'v2.37', 'dir'], false) as CheckArgs).engineVersion, { major: 2, minor: 37, patch: 0 });
    assert.deepEqual((parseArgs(['check', '--engine-version=2.39.1'], false) as CheckArgs).engineVersion, { major: 2, minor: 39, patch: 1 });
    assert.equal((parseArgs(['check'], false) as CheckArgs).engineVersion, undefined);
    assert.deepEqual(parseArgs(['check', '--engine-version', 'soon'], false), {
      command: 'error',
      message: '--engine-version takes a version such as v2.39 or 2.36.6, or latest.',
    });
    const files: Record<string, string> = {};
    for (const [rel, text] of Object.entries({ ...BASE, 'opentelemetry.yaml': 'status: "{{HGE_OTEL_STATUS}}"\n' })) files[`${ROOT}/${rel}`] = text;
    const run = async (argv: string[]): Promise<{ code: number; out: string }> => {
      let out = '';
      const code = await runCli({
        argv,
        cwd: '/p',
        colorByDefault: false,
        host: memoryHost(files),
        schemas: loadSchemaSet,
        version: 'test',
        stdout: (t) => (out += t),
        stderr: (t) => (out += t),
      });
      return { code, out };
    };
    assert.equal((await run(['check', 'metadata'])).code, 0);
    const old = await run(['check', 'metadata', '--engine-version', 'v2.37']);
    assert.equal(old.code, 1);
    assert.match(old.out, /engine-version-unsupported/);
  });
});
