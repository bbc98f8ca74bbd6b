import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'dist/cli.js');

interface Outcome {
  readonly code: number | null;
  /** `file:line:column code` of every finding, file relative to the project folder. */
  readonly findings: string[];
  readonly files: number;
  readonly stderr: string;
}

/** A copy of the basic fixture: one real error (allow_list.yaml), and databases.yaml including tables.yaml. */
function project(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gem-paths-')));
  fs.cpSync(path.join(REPO, 'test/fixtures/projects/basic'), path.join(dir, 'proj'), { recursive: true });
  return path.join(dir, 'proj');
}

function check(args: string[], cwd: string, proj: string): Outcome {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const out = r.stdout
    ? (JSON.parse(r.stdout) as { diagnostics: { file: string; line: number; column: number; code: string }[]; summary: { files: number } })
    : undefined;
  const findings = (out?.diagnostics ?? []).map((d) => `${path.relative(proj, path.resolve(cwd, d.file))}:${d.line}:${d.column} ${d.code}`);
  return { code: r.status, findings, files: out?.summary.files ?? -1, stderr: r.stderr };
}

const HINT = 'metadata/databases/default/tables/public_author.yaml:8:9 relationship-deprecated-column';
const WHOLE = { code: 1, findings: ['metadata/allow_list.yaml:1:15 allow-list-unknown-collection', HINT], files: 8, stderr: '' };

describe('check names the metadata folder however the user writes it', () => {
  const proj = project();
  const metadata = path.join(proj, 'metadata');

  const cases: [string, string[], string][] = [
    ['no argument, inside the metadata folder', [], metadata],
    ['`.` inside the metadata folder', ['.'], metadata],
    ['`./` inside the metadata folder', ['./'], metadata],
    ['the metadata folder from its project', ['metadata'], proj],
    ['the metadata folder with a trailing slash', ['metadata/'], proj],
    ['`./metadata/.` with dots', ['./metadata/.'], proj],
    ['a `..`-relative path from a sibling folder', ['../metadata'], path.join(proj, 'migrations-sibling')],
    ['`..` from a subfolder of the metadata folder', ['..'], path.join(metadata, 'databases')],
    ['an absolute path', [metadata], path.dirname(proj)],
    ['an absolute path with `.` and `..` in it', [`${metadata}/databases/../.`], path.dirname(proj)],
  ];
  fs.mkdirSync(path.join(proj, 'migrations-sibling'));

  for (const [name, args, cwd] of cases) {
    test(name, () => assert.deepEqual(check(args, cwd, proj), WHOLE));
  }

  test('through a symlink to the metadata folder, from inside it and from beside it', () => {
    const link = path.join(path.dirname(proj), 'link');
    fs.symlinkSync(metadata, link);
    const inside = check(['.'], link, path.dirname(link));
    assert.deepEqual(inside, { ...WHOLE, findings: WHOLE.findings.map((f) => f.replace('metadata/', 'link/')) });
    const beside = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', 'link'], { cwd: path.dirname(proj), encoding: 'utf8' });
    const out = JSON.parse(beside.stdout) as { diagnostics: { file: string; line: number; column: number; code: string }[] };
    assert.deepEqual(
      out.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`),
      ['link/allow_list.yaml:1:15 allow-list-unknown-collection', 'link/databases/default/tables/public_author.yaml:8:9 relationship-deprecated-column'],
    );
    assert.equal(beside.status, 1);
  });

  test('from a subfolder with no argument: the enclosing root is checked, findings of that subfolder kept', () => {
    const tables = path.join(metadata, 'databases', 'default', 'tables');
    assert.deepEqual(check([], tables, proj), { code: 0, findings: [HINT], files: 8, stderr: '' });
    assert.deepEqual(check(['../../../allow_list.yaml'], tables, proj), { ...WHOLE, findings: [WHOLE.findings[0]] });
  });

  test('one file of the project: its findings only', () => {
    assert.deepEqual(check(['metadata/allow_list.yaml'], proj, proj), { ...WHOLE, findings: [WHOLE.findings[0]] });
    assert.deepEqual(check(['metadata/query_collections.yaml'], proj, proj), { code: 0, findings: [], files: 8, stderr: '' });
  });

  test('a folder outside any metadata project is still a usage error (exit 2)', () => {
    const r = check([], fs.mkdtempSync(path.join(os.tmpdir(), 'gem-empty-')), proj);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no metadata project/);
  });
});
