import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
// yaml-language-server's dependency: ajv for the draft-04 schema SARIF 2.1.0 is written in.
import Ajv04 from 'ajv-draft-04';
import { parseRuleDocs } from '../../../server/src/core/ruleDocs';
import { allCodes } from '../../../server/src/core/severitySettings';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'dist/cli.js');

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: string };
}
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: object } }[];
}
interface Sarif {
  runs: { tool: { driver: { rules: SarifRule[] } }; originalUriBaseIds: Record<string, { uri: string }>; results: SarifResult[] }[];
}

function sarif(args: string[]): { sarif: Sarif; raw: unknown; cwd: string } {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-sarif-'));
  fs.cpSync(path.join(REPO, 'test/fixtures/projects/basic'), path.join(cwd, 'proj'), { recursive: true });
  const r = spawnSync(process.execPath, [CLI, 'check', 'proj', '--format', 'sarif', ...args], { cwd, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  const raw = JSON.parse(r.stdout) as unknown;
  return { sarif: raw as Sarif, raw, cwd };
}

const parses = (text: string, base?: string): boolean => {
  try {
    return new URL(text, base).href.length > 0;
  } catch {
    return false;
  }
};
const FORMATS = {
  uri: (text: string) => parses(text),
  'uri-reference': (text: string) => parses(text, 'file:///base/'),
  'date-time': (text: string) => !Number.isNaN(Date.parse(text)),
};
// The schema's one language-tag pattern is not a valid `u` regular expression.
const validate = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false, formats: FORMATS, logger: false }).compile(
  JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/sarif/sarif-2.1.0-rtm.5.json'), 'utf8')) as object,
);

describe('--format sarif', () => {
  test('is valid SARIF 2.1.0 (the OASIS JSON schema), by default and with --hints', () => {
    for (const args of [[], ['--hints']]) {
      const { raw } = sarif(args);
      assert.equal(validate(raw), true, JSON.stringify(validate.errors, null, 2));
    }
  });

  test('lists errors and warnings only by default; --hints adds the notes', () => {
    const plain = sarif([]).sarif.runs[0]!;
    assert.deepEqual(
      plain.results.map((r) => [r.ruleId, r.level]),
      [['allow-list-unknown-collection', 'error']],
    );
    const all = sarif(['--hints']).sarif.runs[0]!;
    assert.deepEqual(
      all.results.map((r) => [r.ruleId, r.level]),
      [
        ['allow-list-unknown-collection', 'error'],
        ['relationship-deprecated-column', 'note'],
      ],
    );
    const quiet = sarif(['--quiet', '--rule', 'allow-list-unknown-collection=warning']).sarif.runs[0]!;
    assert.deepEqual(quiet.results, []);
  });

  test('paths are relative to %SRCROOT%, the folder the check ran in', () => {
    const { sarif: out, cwd } = sarif([]);
    const run = out.runs[0]!;
    assert.deepEqual(run.originalUriBaseIds, { '%SRCROOT%': { uri: `file://${fs.realpathSync(cwd)}/` } });
    assert.deepEqual(run.results[0]!.locations[0]!.physicalLocation, {
      artifactLocation: { uri: 'proj/metadata/allow_list.yaml', uriBaseId: '%SRCROOT%' },
      region: { startLine: 1, startColumn: 15, endLine: 1, endColumn: 29 },
    });
  });

  test('every code is a rule with descriptions, markdown help and its default level from docs/rules.md', () => {
    const run = sarif([]).sarif.runs[0]!;
    const rules = run.tool.driver.rules;
    assert.deepEqual(
      rules.map((r) => r.id),
      [...allCodes()].sort(),
    );
    for (const rule of rules) {
      assert.ok(rule.shortDescription.text.length > 10, rule.id);
      assert.ok(rule.fullDescription.text.startsWith(rule.shortDescription.text), rule.id);
      assert.match(rule.help.markdown, new RegExp(`rules\\.md#${rule.id}\\)$`));
      assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level), rule.id);
    }
    const result = run.results[0]!;
    assert.equal(rules[result.ruleIndex]!.id, result.ruleId);
    assert.deepEqual(rules.find((r) => r.id === 'relationship-deprecated-column')!.defaultConfiguration, { level: 'note' });
    assert.deepEqual(rules.find((r) => r.id === 'action-async-query')!.shortDescription, {
      text: '`kind: asynchronous` on a query action (a field of `type Query`).',
    });
  });
});

describe('parseRuleDocs', () => {
  test('reads the severity, the first sentence, the first paragraph and the markdown of each section', () => {
    const docs = parseRuleDocs(
      '# Title\n\n## Group\n\n### a-code\n**warning.** The thing is wrong. It matters\nbecause [of this](x.md).\n\nFix it.\n\n### b-code\n**error** for one case; **hint** for another.\n',
    );
    assert.deepEqual(docs.get('a-code'), {
      code: 'a-code',
      severity: 'warning',
      summary: 'The thing is wrong.',
      description: 'The thing is wrong. It matters because of this.',
      markdown: '**warning.** The thing is wrong. It matters\nbecause [of this](x.md).\n\nFix it.',
    });
    assert.deepEqual(docs.get('b-code'), {
      code: 'b-code',
      severity: 'error',
      summary: 'error for one case; hint for another.',
      description: 'error for one case; hint for another.',
      markdown: '**error** for one case; **hint** for another.',
    });
  });
});
