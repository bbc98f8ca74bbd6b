import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { toCorePath } from '../../../common/paths';
import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import type { DatabaseModels } from '../../../server/src/core/db/model';
import { quickFixes } from '../../../server/src/core/features/codeActions';
import { generatedSchemas } from '../../../server/src/core/graphql/operations/generated';
import { collectedOperations } from '../../../server/src/core/graphql/operations/operations';
import { ParseCache } from '../../../server/src/core/project/cache';
import { LineIndex } from '../../../server/src/core/util/lineIndex';
import { buildDatabaseModels } from '../../../server/src/node/db/index';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { CORPUS } from '../helpers/corpus';

const SHARED = path.dirname(CORPUS);
const CODES = new Set(['operation-invalid', 'operation-rejected', 'allow-list-operation-unrunnable']);

/** A project folder's metadata root (config.yaml's metadata_directory, else `metadata`). */
function metadataRoot(dir: string): string {
  const config = path.join(dir, 'config.yaml');
  const parsed = fs.existsSync(config) ? (parse(fs.readFileSync(config, 'utf8')) as { metadata_directory?: string } | null) : null;
  return path.join(dir, parsed?.metadata_directory ?? 'metadata');
}

/** The project checked with its database models built from its migrations and the generated schemas. */
async function checked(dir: string): Promise<RootResult> {
  const root = metadataRoot(dir);
  const listed: unknown = parse(fs.readFileSync(path.join(root, 'databases/databases.yaml'), 'utf8'));
  const sources = (Array.isArray(listed) ? listed : []).map((s: { name?: unknown; kind?: unknown }) => ({ name: String(s.name), kind: String(s.kind) }));
  const builds = await buildDatabaseModels(root, sources, { cacheDir: path.join(os.tmpdir(), 'gem-operations-cache'), mode: 'migrations' });
  const models: DatabaseModels = new Map(builds.flatMap((b) => (b.model ? [[b.source, b.model] as const] : [])));
  return checkRoot(toCorePath(root), { host: createNodeHost(), cache: new ParseCache(), databases: () => models, graphqlSchemas: generatedSchemas() });
}

/** `file:line:column code` of a finding, relative to the shared folder. */
function place(result: RootResult, f: { file: string; span: { start: number }; code: string }): string {
  const text = result.project.files.get(f.file)?.text ?? '';
  const { line, character } = new LineIndex(text).positionAt(f.span.start);
  return `${path.relative(SHARED, f.file)}:${line + 1}:${character + 1} ${f.code}`;
}

const PROJECTS = ['corpus', 'schemas'].flatMap((set) =>
  fs
    .readdirSync(path.join(SHARED, set))
    .map((name) => path.join(SHARED, set, name))
    .filter(
      (dir) => fs.existsSync(path.join(metadataRoot(dir), 'query_collections.yaml')) && fs.existsSync(path.join(metadataRoot(dir), 'databases/databases.yaml')),
    ),
);

describe('operations of the shared projects against their generated schemas', () => {
  test('every operation is checked, and each finding is real', async () => {
    let operations = 0;
    const found: string[] = [];
    const perProject: string[] = [];
    for (const dir of PROJECTS) {
      const result = await checked(dir);
      const ops = collectedOperations(result.project, result.index).length;
      if (ops === 0) continue;
      assert.ok(result.schemas?.schemaFor('admin'), `${dir}: no admin schema (${result.schemas?.missing})`);
      operations += ops;
      const mine = result.findings.filter((f) => CODES.has(f.code));
      perProject.push(`${path.relative(SHARED, dir)}: ${ops} operation(s), ${mine.length} finding(s)`);
      found.push(...mine.map((f) => place(result, f)));
    }
    assert.deepEqual(perProject, [
      'corpus/CubicLu__gh-pabau: 1 operation(s), 2 finding(s)',
      'corpus/creatiiv-io__runcore: 5 operation(s), 2 finding(s)',
      'corpus/dventimihasura__hasura-projects__change-data-capture-1: 1 operation(s), 0 finding(s)',
      'corpus/dventimihasura__hasura-projects__postgres-read-through-cache-1: 1 operation(s), 0 finding(s)',
      'corpus/kasparpalgi__cloud-services-backend: 2 operation(s), 0 finding(s)',
      'corpus/metaDAOproject__futarchy-indexer: 5 operation(s), 0 finding(s)',
      'schemas/CubicLu__gh-pabau: 1 operation(s), 2 finding(s)',
    ]);
    assert.equal(operations, 16);
    // Real: the REST endpoint `notification` inserts `type` and `sent_to`, which the schema the
    // project's own engine served has not (schemas/CubicLu__gh-pabau/expected/schema.graphql:
    // notifications_insert_input), a migration having renamed `type` to `template`
    // (1630669871633_Notification) and `sent_to` being no column. The engine accepts the metadata
    // (its check does not look at arguments) and refuses every request.
    // Real too: `Auth Change` passes `user_id` in the args of the native query `auth_change`, whose
    // arguments are email, password and phone only (databases.yaml: its code reads the user from
    // the request headers), so `auth_change_arguments` has no `user_id` and the engine refuses it.
    // And `Auth Login` is allow-listed, but its native query `auth_login` returns the logical model
    // `token`, which has no select permission: the engine gives that root field to admin only.
    assert.deepEqual(found, [
      'corpus/CubicLu__gh-pabau/metadata/query_collections.yaml:7:45 operation-rejected',
      'corpus/CubicLu__gh-pabau/metadata/query_collections.yaml:7:81 operation-rejected',
      'corpus/creatiiv-io__runcore/metadata/query_collections.yaml:7:32 operation-rejected',
      'corpus/creatiiv-io__runcore/metadata/query_collections.yaml:13:17 allow-list-operation-unrunnable',
      'schemas/CubicLu__gh-pabau/metadata/query_collections.yaml:7:45 operation-rejected',
      'schemas/CubicLu__gh-pabau/metadata/query_collections.yaml:7:81 operation-rejected',
    ]);
  });

  test('a column renamed by a new migration: caught in the operations selecting it, at the exact place, with the quick fix', async () => {
    const from = path.join(CORPUS, 'kasparpalgi__cloud-services-backend');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-rename-'));
    fs.cpSync(from, dir, { recursive: true });
    const migration = path.join(dir, 'migrations/default/1999999999999_rename_room_name/up.sql');
    fs.mkdirSync(path.dirname(migration), { recursive: true });
    fs.writeFileSync(migration, 'ALTER TABLE public.rooms RENAME COLUMN name TO title;\n');
    try {
      const result = await checked(dir);
      const findings = result.findings.filter((f) => f.code === 'operation-invalid');
      // Both queries select rooms.name: `RoomsReservation` (line 9) and `Romms` (line 22).
      assert.deepEqual(
        findings.map((f) => place(result, f).replace(path.relative(SHARED, dir), 'copy')),
        ['copy/metadata/query_collections.yaml:9:15 operation-invalid', 'copy/metadata/query_collections.yaml:22:15 operation-invalid'],
      );
      assert.match(findings[0]!.message, /Cannot query field "name" on type "rooms"\. Did you mean "title"\? \(a migration renamed column `name` to `title`\)/);
      const file = findings[0]!.file;
      const text = result.project.files.get(file)!.text;
      assert.equal(text.slice(findings[0]!.span.start, findings[0]!.span.end), 'name');
      const fix = quickFixes({ finding: findings[0]!, result })[0]!;
      assert.deepEqual(fix.change.edits, [{ file, span: findings[0]!.span, newText: 'title' }]);
      const edits = findings.flatMap((f) => quickFixes({ finding: f, result })[0]!.change.edits).sort((a, b) => b.span.start - a.span.start);
      fs.writeFileSync(
        file,
        edits.reduce((t, e) => t.slice(0, e.span.start) + e.newText + t.slice(e.span.end), text),
      );
      const after = await checked(dir);
      assert.deepEqual(
        after.findings.filter((f) => CODES.has(f.code)),
        [],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
