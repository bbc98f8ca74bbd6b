import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { INTROSPECTION_SETUP, introspect } from '../../../server/src/core/db/introspect';
import { findMigrations } from '../../../server/src/core/db/migrations';
import type { MigrationFile } from '../../../server/src/core/db/migrations';
import type { DatabaseModel } from '../../../server/src/core/db/model';
import { buildDatabaseModels } from '../../../server/src/node/db/index';
import { introspectLive } from '../../../server/src/node/db/live';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { CORPUS } from '../helpers/corpus';
import { postgresSkipReason, startCluster } from '../helpers/postgres';
import type { TestCluster } from '../helpers/postgres';

/**
 * The differential test: the same migrations applied, statement by statement, to a real
 * PostgreSQL server and to the embedded one (PGlite), each introspected with the one query set,
 * must give the same model. Only `origin` differs by construction (how the model was built, and
 * where in the .sql files each object was created: the live path cannot know that), so it is
 * left out of the comparison. Both sides must also fail on exactly the same statements. Then the
 * embedded build as shipped (the child process with its extension, role and retry handling,
 * through buildDatabaseModels) must give that same model too.
 */

const REPO = path.resolve(__dirname, '../../../..');
const host = createNodeHost();

interface Applied {
  readonly failed: string[];
  readonly statements: number;
}

/** Every statement of the source's migrations, in order (psql meta-commands skipped). */
function statements(metadataDir: string, source: string): { where: string; sql: string }[] {
  const found = findMigrations(toCorePath(metadataDir), [{ name: source, kind: 'postgres' }], host)[0]!;
  assert.ok(found.files.length > 0, `no migrations found for ${metadataDir}`);
  return found.files.flatMap((file: MigrationFile) =>
    file.statements.filter((s) => s.kind === 'sql').map((s) => ({ where: `${file.name}@${s.start}`, sql: s.sql })),
  );
}

async function applyAll(run: (sql: string) => Promise<unknown>, list: readonly { where: string; sql: string }[]): Promise<Applied> {
  const failed: string[] = [];
  for (const { where, sql } of list) {
    await run(sql).catch((error: unknown) => failed.push(`${where}: ${error instanceof Error ? error.message : String(error)}`));
    // Each statement on its own: a failure must not leave the next one in an aborted transaction.
  }
  return { failed, statements: list.length };
}

/** The model without `origin` anywhere (how it was built; where objects were created). */
function comparable(model: DatabaseModel): unknown {
  return JSON.parse(JSON.stringify(model, (key, value: unknown) => (key === 'origin' ? undefined : value)));
}

/** One PGlite for every project (it takes seconds to start): emptied between projects. */
async function startEmbedded(): Promise<PGlite> {
  // The contrib modules are ES modules only (dynamic import from this CommonJS test).
  const [{ pgcrypto }, { uuid_ossp }, { citext }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pgcrypto'),
    import('@electric-sql/pglite/contrib/uuid_ossp'),
    import('@electric-sql/pglite/contrib/citext'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create({ extensions: { pgcrypto, uuid_ossp, citext, pg_trgm } });
}

/** Drops every user schema (and so every object and extension in them) and makes `public` again. */
async function emptyEmbedded(db: PGlite): Promise<void> {
  const { rows } = await db.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname <> 'information_schema'");
  for (const { name } of rows) await db.exec(`DROP SCHEMA "${name.replace(/"/g, '""')}" CASCADE`);
  await db.exec('CREATE SCHEMA public');
}

async function embeddedModel(db: PGlite, list: readonly { where: string; sql: string }[], source: string): Promise<{ model: DatabaseModel; applied: Applied }> {
  await emptyEmbedded(db);
  await db.exec('CREATE EXTENSION IF NOT EXISTS pgcrypto');
  const applied = await applyAll((sql) => db.exec(sql), list);
  const model = await db.transaction(async (tx) => {
    await tx.query(INTROSPECTION_SETUP);
    return introspect(async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows, source, {
      kind: 'migrations',
      applied: 0,
      total: 0,
      failedStatements: applied.failed.length,
    });
  });
  return { model, applied };
}

async function liveModel(
  pg: TestCluster,
  database: string,
  list: readonly { where: string; sql: string }[],
  source: string,
): Promise<{ model: DatabaseModel; applied: Applied }> {
  await pg.sql(`CREATE DATABASE ${database}`);
  const client = await pg.connect(database);
  let applied: Applied;
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pgcrypto');
    applied = await applyAll((sql) => client.query(sql), list);
  } finally {
    await client.end();
  }
  return { model: await introspectLive(source, pg.url(database)), applied };
}

const PROJECTS: readonly { name: string; metadata: string; source: string; relations: number; functions: number; enums: number }[] = [
  {
    name: 'fixture with views, functions, enums, keys, generated columns, comments',
    metadata: path.join(REPO, 'test/fixtures/projects/db-differential/metadata'),
    source: 'default',
    relations: 8,
    functions: 7,
    enums: 2,
  },
  {
    name: 'corpus: hasura__hasura-ecommerce',
    metadata: path.join(CORPUS, 'hasura__hasura-ecommerce/metadata'),
    source: 'default',
    relations: 9,
    functions: 2,
    enums: 0,
  },
  {
    name: 'corpus: amaterusdb__amaterus_hasura',
    metadata: path.join(CORPUS, 'amaterusdb__amaterus_hasura/metadata'),
    source: 'default',
    relations: 75,
    functions: 1,
    enums: 0,
  },
];

describe('differential: a real PostgreSQL and the embedded one give the same model', { skip: postgresSkipReason() }, () => {
  let pg: TestCluster;
  let embedded: PGlite;
  before(async () => {
    [pg, embedded] = await Promise.all([startCluster(), startEmbedded()]);
  });
  after(async () => {
    pg?.stop();
    await embedded?.close();
  });

  PROJECTS.forEach((project, i) => {
    test(project.name, async () => {
      const list = statements(project.metadata, project.source);
      const t0 = Date.now();
      const live = await liveModel(pg, `diff_${i}`, list, project.source);
      const t1 = Date.now();
      const fromEmbedded = await embeddedModel(embedded, list, project.source);
      const t2 = Date.now();
      assert.deepEqual(fromEmbedded.applied.failed, live.applied.failed);
      assert.deepEqual(comparable(fromEmbedded.model), comparable(live.model));
      const counts = [Object.keys(live.model.relations).length, Object.values(live.model.functions).flat().length, Object.keys(live.model.enums).length];
      assert.deepEqual(counts, [project.relations, project.functions, project.enums]);
      console.log(
        `${project.name}: ${list.length} statements, ${live.applied.failed.length} failed on both; ${counts.join('/')} relations/functions/enums (real server ${t1 - t0} ms, PGlite ${t2 - t1} ms)`,
      );
    });
  });

  // After the projects above (their live databases diff_<i> exist by then).
  PROJECTS.forEach((project, i) => {
    test(`the embedded build itself (child process, buildDatabaseModels) agrees with the live database: ${project.name}`, async () => {
      const [build] = await buildDatabaseModels(project.metadata, [{ name: project.source, kind: 'postgres' }], {
        mode: 'migrations',
        cache: false,
        workerPath: path.join(REPO, 'dist/dbWorker.js'),
      });
      assert.ok(build?.model, build?.status);
      const origin = build.model.origin;
      assert.ok(origin.kind === 'migrations' && origin.applied === origin.total && origin.failedStatements === 0, build.status);
      assert.deepEqual(build.findings, []);
      const live = await introspectLive(project.source, pg.url(`diff_${i}`));
      assert.deepEqual(comparable(build.model), comparable(live));
      const first = Object.values(build.model.relations)[0]!;
      assert.ok(first.origin, 'the embedded build knows where each table was created; the live one cannot');
      console.log(`${project.name}: ${build.status}`);
    });
  });
});
