import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { colorByDefault, parseArgs } from '../../../server/src/cli/args';
import { readSeverity } from '../../../server/src/lsp/settings';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'dist/cli.js');
const RED = '\u001b[31m';

function run(args: string[], env: Record<string, string | undefined> = {}): { code: number | null; stdout: string; stderr: string; cwd: string } {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-flags-'));
  fs.cpSync(path.join(REPO, 'test/fixtures/projects/basic'), path.join(cwd, 'proj'), { recursive: true });
  const base = { ...process.env };
  delete base.NO_COLOR;
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...base, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, cwd };
}

const ERROR_LINE =
  '  proj/metadata/allow_list.yaml:1:15  error    No query collection is named `allowed-querys` in query_collections.yaml; the engine silently ignores this entry. Did you mean `allowed-queries`?  allow-list-unknown-collection\n';
const HINT_LINE =
  '  proj/metadata/databases/default/tables/public_author.yaml:8:9  hint     `column` is deprecated here; use `columns` with a list.  relationship-deprecated-column\n';

describe('check: which findings are listed', () => {
  test('--hints lists hints too; --quiet lists errors only and says what it left out', () => {
    const all = run(['check', 'proj', '--hints']);
    assert.equal(
      all.stdout,
      `proj/metadata/allow_list.yaml\n${ERROR_LINE}\nproj/metadata/databases/default/tables/public_author.yaml\n${HINT_LINE}\n✖ 1 problem (1 error, 0 warnings, 0 infos) in 8 files.\n`,
    );
    const quiet = run(['check', 'proj', '-q', '--rule', 'relationship-deprecated-column=warning']);
    assert.equal(quiet.code, 1);
    assert.equal(quiet.stdout, `proj/metadata/allow_list.yaml\n${ERROR_LINE}\n✖ 2 problems (1 error, 1 warning, 0 infos) in 8 files; 1 warning not shown.\n`);
    const json = JSON.parse(run(['check', 'proj', '--format', 'json', '--quiet']).stdout) as { diagnostics: { code: string }[]; summary: object };
    assert.deepEqual(
      json.diagnostics.map((d) => d.code),
      ['allow-list-unknown-collection'],
    );
    assert.deepEqual(json.summary, { errors: 1, warnings: 0, infos: 0, hints: 1, files: 8 });
  });

  test('--output-file writes the report (no colour codes, folders created) and nothing to stdout', () => {
    const r = run(['check', 'proj', '--output-file', 'reports/out.json', '--format=json'], { FORCE_COLOR: '1' });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const written = JSON.parse(fs.readFileSync(path.join(r.cwd, 'reports/out.json'), 'utf8')) as { summary: object };
    assert.deepEqual(written.summary, { errors: 1, warnings: 0, infos: 0, hints: 1, files: 8 });
    const stylish = run(['check', 'proj', '-o', 'out.txt']);
    assert.equal(
      fs.readFileSync(path.join(stylish.cwd, 'out.txt'), 'utf8'),
      `proj/metadata/allow_list.yaml\n${ERROR_LINE}\n✖ 1 problem (1 error, 0 warnings, 0 infos) in 8 files; 1 hint not shown.\n`,
    );
    const blocked = run(['check', 'proj', '-o', 'proj/metadata/version.yaml/out.txt']);
    assert.equal(blocked.code, 2);
    assert.match(blocked.stderr, /^graphql-metadata: could not write proj\/metadata\/version\.yaml\/out\.txt: /);
  });

  test('colours: FORCE_COLOR forces them on, --no-color and NO_COLOR off, a pipe gets none', () => {
    assert.ok(run(['check', 'proj'], { FORCE_COLOR: '1' }).stdout.includes(RED));
    assert.ok(!run(['check', 'proj', '--no-color'], { FORCE_COLOR: '1' }).stdout.includes('\u001b['));
    assert.ok(!run(['check', 'proj']).stdout.includes('\u001b['));
    assert.ok(run(['check', 'proj', '--color']).stdout.includes(RED));
    assert.equal(colorByDefault(true, {}), true);
    assert.equal(colorByDefault(true, { NO_COLOR: '1' }), false);
    assert.equal(colorByDefault(true, { NO_COLOR: '' }), true);
    assert.equal(colorByDefault(false, { FORCE_COLOR: '1' }), true);
    assert.equal(colorByDefault(true, { FORCE_COLOR: '0' }), true);
    assert.equal(colorByDefault(false, { FORCE_COLOR: '0' }), false);
    assert.equal(colorByDefault(true, { FORCE_COLOR: '1', NO_COLOR: '1' }), true);
  });
});

describe('check: options are validated', () => {
  test('an unknown code in --rule is a usage error naming the closest code', () => {
    const r = run(['check', 'proj', '--rule', 'allow-list-unknown-colection=off']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'graphql-metadata: --rule: There is no diagnostic code `allow-list-unknown-colection`. Did you mean `allow-list-unknown-collection`?\n',
    );
    assert.equal(
      run(['check', 'proj', '--rule', 'foo=error']).stderr,
      'graphql-metadata: --rule: There is no diagnostic code `foo`. The codes are listed in docs/rules.md.\n',
    );
  });

  test('a flag without its value is named, with what it takes', () => {
    const r = run(['check', 'proj', '--format']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'graphql-metadata: --format needs a value: stylish, json or sarif.\nRun `graphql-metadata --help` for the commands and options.\n');
    assert.deepEqual(parseArgs(['check', '--output-file', '--quiet'], false), {
      command: 'error',
      message: '--output-file needs a value: the file to write the report to.',
    });
    assert.deepEqual(parseArgs(['check', '--rule'], false), { command: 'error', message: '--rule needs a value: CODE=error|warning|info|hint|off.' });
    assert.deepEqual(parseArgs(['export', '--server'], false), {
      command: 'error',
      message: "--server needs a value: the engine's base URL, e.g. http://localhost:8080.",
    });
    assert.deepEqual(parseArgs(['check', '--rule', 'x=loud'], false), {
      command: 'error',
      message: '--rule takes CODE=error|warning|info|hint|off, not `x=loud`.',
    });
    assert.deepEqual(parseArgs(['check', '--format=xml'], false), { command: 'error', message: '--format must be stylish, json or sarif, not `xml`.' });
    assert.equal((parseArgs(['check', '--output-file=--odd'], false) as { outputFile?: string }).outputFile, '--odd');
  });

  test('graphqlMetadata.rules: the same severities as --rule; unknown codes and severities are named and ignored', () => {
    assert.deepEqual(readSeverity({ rules: { 'relationship-deprecated-column': 'hint', 'table-file-name-mismatch': 'off' } }), {
      overrides: { 'relationship-deprecated-column': 'hint', 'table-file-name-mismatch': 'off' },
      problems: [],
    });
    assert.deepEqual(readSeverity({ rules: { 'table-file-name-mismath': 'off', 'table-duplicate': 'loud' } }), {
      overrides: {},
      problems: [
        'graphqlMetadata.rules: There is no diagnostic code `table-file-name-mismath`. Did you mean `table-file-name-mismatch`? This entry is ignored.',
        'graphqlMetadata.rules: `table-duplicate` can be set to error, warning, info, hint, off, not "loud". This entry is ignored.',
      ],
    });
    assert.deepEqual(readSeverity({ rules: ['x'] }), {
      overrides: {},
      problems: ['`graphqlMetadata.rules` must be an object of `"<code>": "<severity>"` entries; it is ignored.'],
    });
    assert.deepEqual(readSeverity(undefined), { overrides: {}, problems: [] });
    const setting = (
      JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
        contributes: { configuration: { properties: Record<string, { additionalProperties: { enum: string[] } }> } };
      }
    ).contributes.configuration.properties['graphqlMetadata.rules']!;
    assert.deepEqual(setting.additionalProperties.enum, ['error', 'warning', 'info', 'hint', 'off']);
  });
});
