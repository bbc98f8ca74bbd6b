import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { buildSchema } from 'graphql';
import { generatedSchemas } from '../../../server/src/core/graphql/operations/generated';
import { roleChanges, schemaChanges } from '../../../server/src/core/graphql/schemaDiff';
import type { SchemaSide } from '../../../server/src/core/graphql/schemaDiff';
import { LATEST_V2 } from '../../../server/src/core/engineVersion';
import { dbModel, models } from '../helpers/dbModel';
import { BASE, check } from '../helpers/project';

const OLD = buildSchema(`
type Query { author(limit: Int): [Author!]! old: Int }
type Author { id: Int! name: String email: String }
enum Mood { SAD OK }
`);
const NEW = buildSchema(`
type Query { author(limit: Int, offset: Int): [Author!]! article: [Article!]! }
type Author { id: Int! name: Int bio: String email: String }
type Article { id: Int! }
enum Mood { SAD OK HAPPY }
`);

describe('schemaChanges', () => {
  test('breaking and dangerous as graphql-js finds them, additions as safe, breaking first, each level by description', () => {
    assert.deepEqual(
      schemaChanges(OLD, NEW).map((c) => `${c.level} ${c.type} ${c.description}`),
      [
        'breaking FIELD_CHANGED_KIND Author.name changed type from String to Int.',
        'breaking FIELD_REMOVED Query.old was removed.',
        'dangerous OPTIONAL_ARG_ADDED An optional arg offset on Query.author was added.',
        'dangerous VALUE_ADDED_TO_ENUM HAPPY was added to enum type Mood.',
        'safe TYPE_ADDED Article was added.',
        'safe FIELD_ADDED Author.bio was added.',
        'safe FIELD_ADDED Query.article was added.',
      ],
    );
    assert.deepEqual(schemaChanges(OLD, OLD), []);
  });

  test('per role: a role only the old side has lost everything; a new role is safe', () => {
    const side = (roles: Record<string, ReturnType<typeof buildSchema>>): SchemaSide => ({
      roles: Object.keys(roles).filter((r) => r !== 'admin'),
      schemaFor: (role) => roles[role],
    });
    assert.deepEqual(
      roleChanges(side({ admin: OLD, user: OLD }), side({ admin: OLD, editor: NEW })).map((r) => [r.role, r.changes.map((c) => `${c.level} ${c.type}`)]),
      [
        ['admin', []],
        ['editor', ['safe ROLE_ADDED']],
        ['user', ['breaking ROLE_REMOVED']],
      ],
    );
  });
});

describe('schema-diff on generated schemas', () => {
  const model = models(
    dbModel({
      relations: {
        'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
        'public.article': { columns: { id: 'integer', author_id: 'integer' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
      },
    }),
  );
  const sideOf = (files: Record<string, string | null>): SchemaSide => {
    const { result } = check({ ...files, 'inherited_roles.yaml': '- role_name: member\n  role_set:\n    - user\n' });
    const provider = generatedSchemas()({ project: result.project, index: result.index, databases: model, engineVersion: LATEST_V2 });
    return { roles: provider.roles, schemaFor: (role) => provider.schemaFor(role)?.schema };
  };

  test('a permission narrowed in a table file: breaking for that role and for the inherited role that includes it, nothing for admin', () => {
    const author = 'databases/default/tables/public_author.yaml';
    const narrowed = sideOf({ [author]: BASE[author]!.replace('        - name\n', '') });
    const lost = [
      'breaking String_comparison_exp was removed.',
      'breaking author.name was removed.',
      'breaking author_bool_exp.name was removed.',
      'breaking author_order_by.name was removed.',
      'breaking author_stream_cursor_value_input.name was removed.',
      'breaking name was removed from enum type author_select_column.',
    ];
    assert.deepEqual(
      roleChanges(sideOf({}), narrowed).map((r) => [r.role, r.changes.map((c) => `${c.level} ${c.description}`)]),
      [
        ['admin', []],
        ['member', lost],
        ['user', lost],
      ],
    );
  });
});

describe('graphql-metadata schema-diff', () => {
  const REPO = path.resolve(__dirname, '../../../..');
  const run = (args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'dist/cli.js'), 'schema-diff', ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  test('exit 1 on a breaking change (0 with --allow-breaking), json and markdown, unknown roles and folders refused', () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-schema-diff-'));
    const fixture = path.join(REPO, 'test/fixtures/projects/database');
    fs.cpSync(fixture, path.join(cwd, 'old'), { recursive: true });
    fs.cpSync(fixture, path.join(cwd, 'new'), { recursive: true });
    const author = path.join(cwd, 'new/metadata/databases/default/tables/public_author.yaml');
    fs.writeFileSync(author, fs.readFileSync(author, 'utf8').replace('        - name\n', ''));
    try {
      const stylish = run(['old', 'new', '--role', 'user'], cwd);
      assert.equal(stylish.code, 1, stylish.stderr);
      assert.match(stylish.stdout, /^role user\n {2}breaking {3}author\.name was removed\. {2}FIELD_REMOVED\n/);
      assert.match(stylish.stdout, /\n\d+ breaking, \d+ dangerous, \d+ safe change\(s\) in 1 role\(s\)\.\n$/);
      assert.equal(run(['old', 'new', '--role', 'user', '--allow-breaking'], cwd).code, 0);
      const json = JSON.parse(run(['old', 'new', '--format', 'json', '--role', 'admin'], cwd).stdout) as {
        roles: { role: string; changes: unknown[] }[];
        summary: object;
      };
      assert.deepEqual(json, { roles: [{ role: 'admin', changes: [] }], summary: { breaking: 0, dangerous: 0, safe: 0 } });
      assert.match(
        run(['old', 'new', '-f', 'markdown', '--role', 'user'], cwd).stdout,
        /^## GraphQL schema changes\n\n.*\n\n### Role `user`\n\n\| Level \| Change \| Description \|\n\| --- \| --- \| --- \|\n\| \*\*breaking\*\* \| `FIELD_REMOVED` \| author\.name was removed\. \|/,
      );
      const unknown = run(['old', 'new', '--role', 'nobody'], cwd);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /^graphql-metadata: unknown role `nobody`: the roles are admin, /);
      const missing = run(['old', 'nowhere'], cwd);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /nowhere is not a metadata folder/);
      assert.equal(run(['old'], cwd).stderr.split('\n')[0], 'graphql-metadata: schema-diff needs two folders: OLD_DIR NEW_DIR.');
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
