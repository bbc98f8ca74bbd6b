import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import type { Finding } from '../../../server/src/core/diagnostics';
import { ParseCache } from '../../../server/src/core/project/cache';
import { buildDatabaseModels, sourcesOf } from '../../../server/src/node/db/index';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { CORPUS } from '../helpers/corpus';
import { sharedFolder } from '../helpers/shared';

/**
 * Every corpus project's sources, built from its migrations in the embedded Postgres: the status of
 * each source and how many statements failed. Every failure here is real: the same statement fails
 * on a real Postgres too (dated versions sorting before the tables they alter, a squashed migration
 * applied on top of the tables it recreates, env placeholders, stray markdown), or needs what no
 * embedded Postgres has (PostGIS's functions, postgres_fdw, logical decoding).
 */
/** Project -> source -> [status, `migration-statement-failed` findings (one per cause), relations in the model (undefined: no model)]. */
const EXPECTED: Record<string, Record<string, [string, number, number | undefined]>> = {
  '0xIntuition__intuition-rs': { cache: ['from migrations: 1/1 applied', 0, 0], intuition: ['from migrations: 11/11 applied', 0, 24] },
  '5stackgg__api': { default: ['from migrations: 610/610 applied', 0, 214] },
  'Azure-Samples__azure-sql-db-graphql-hasura': { default: ['no migrations', 0, undefined], sqlserverdb: ['no model for mssql sources', 0, undefined] },
  'B-T-Group__renda-sua': { Rendasua: ['from migrations: 333/344 applied; 3 statements failed, 32 more because of them', 3, 149] },
  'Carina-labs__bdjuno': { bdjuno: ['from migrations: 13/13 applied', 0, 44] },
  'CubicLu__gh-pabau': { default: ['from migrations: 15/15 applied', 0, 81] },
  'HexlinkOfficial__Hexlink-Web': { default: ['from migrations: 1/1 applied', 0, 11] },
  'MrMint__cellar-assistant': { default: ['from migrations: 290/294 applied; 1 statement failed, 7 more because of it', 0, 88] },
  'Planingo__tea-forge': { mug: ['from migrations: 63/64 applied; 1 statement failed', 1, 23] },
  'abhi40308__hasura-sample-app-ocd': {
    default: ['from migrations: 1/1 applied', 0, 2],
    bigquery: ['no model for bigquery sources', 0, undefined],
    citus: ['no migrations', 0, undefined],
    mssql: ['no model for mssql sources', 0, undefined],
    pg_db_2: ['no migrations', 0, undefined],
  },
  amaterusdb__amaterus_hasura: { default: ['from migrations: 316/316 applied', 0, 75] },
  bitcashorg__masterbots: { masterbots: ['from migrations: 152/152 applied', 0, 28] },
  'creatiiv-io__runcore': { runcore: ['from migrations: 6/8 applied; 2 statements failed', 1, 41] },
  'dventimihasura__hasura-projects__change-data-capture-1': { default: ['from migrations: 1/2 applied; 1 statement failed', 0, 6] },
  'dventimihasura__hasura-projects__microsoft-sql-server-poc-1': { default: ['no model for mssql sources', 0, undefined] },
  'dventimihasura__hasura-projects__postgres-read-through-cache-1': {
    default: ['from migrations: 2/10 applied; 1 statement failed, 7 more because of it', 0, 0],
  },
  'dventimihasura__hasura-projects__system-of-systems-1_01_subgraph_approval': {
    default: ['no migrations', 0, undefined],
    approvals: ['no model for Mongo sources', 0, undefined],
  },
  'dventimihasura__hasura-projects__system-of-systems-1_05_supergraph_gateway': { default: ['no migrations', 0, undefined] },
  'f-eld-ch__sitrep': { Postgres: ['from migrations: 21/21 applied', 0, 12] },
  'hasura__hasura-ecommerce': { default: ['from migrations: 1/1 applied', 0, 9] },
  'hasura__hasura-v2-demo-heterogeneous': { mongo: ['no model for Mongo sources', 0, undefined], postgres: ['from migrations: 2/2 applied', 0, 11] },
  kaguraswap__monorepo: { default: ['from migrations: 3/3 applied', 0, 11] },
  'kasparpalgi__cloud-services-backend': {
    default: ['from migrations: 19/21 applied; 2 statements failed, 71 more because of them', 2, 12],
    crm: ['no model for mysql8 sources', 0, undefined],
  },
  'metaDAOproject__futarchy-indexer': { futarchy: ['from migrations: 18/19 applied; 1 statement failed', 1, 41] },
  'navya-solutions__altra-app': { 'altra-db': ['from migrations: 1/1 applied', 0, 21] },
  'yuu8812__so-se-ji-hasura': { default: ['from migrations: 141/141 applied', 0, 24] },
};

/**
 * The database findings of each corpus project against the model its migrations build (projects
 * not listed have none). Each is true: see docs/database.md, "The corpus". A table no migration
 * creates, a column or function no migration creates, an object relationship onto columns no primary
 * key or unique constraint covers.
 */
const FINDINGS: Record<string, string[]> = {
  '5stackgg__api': [
    'metadata/databases/default/tables/public_match_options.yaml:22 db-object-relationship-not-unique',
    'metadata/databases/default/tables/public_match_options.yaml:31 db-object-relationship-not-unique',
    'metadata/databases/default/tables/public_tournament_teams.yaml:15 db-object-relationship-not-unique',
  ],
  'Carina-labs__bdjuno': [
    'metadata/databases/bdjuno/tables/public_message.yaml:13 db-object-relationship-not-unique',
    'metadata/databases/bdjuno/tables/public_validator.yaml:18 db-object-relationship-not-unique',
  ],
  'CubicLu__gh-pabau': [
    'metadata/databases/default/tables/public_notifications.yaml:18 db-object-relationship-not-unique',
    'metadata/databases/default/tables/public_notifications.yaml:9 db-object-relationship-not-unique',
  ],
  'HexlinkOfficial__Hexlink-Web': ['metadata/databases/default/tables/public_operation_public.yaml:9 db-object-relationship-not-unique'],
  'Planingo__tea-forge': [
    'metadata/databases/mug/tables/public_account_setting.yaml:2 db-table-missing',
    'metadata/databases/mug/tables/public_lesson.yaml:9 db-object-relationship-not-unique',
    'metadata/databases/mug/tables/public_navigation.yaml:2 db-table-missing',
    'metadata/databases/mug/tables/public_room.yaml:9 db-object-relationship-not-unique',
    'metadata/databases/mug/tables/public_setting.yaml:2 db-table-missing',
    'metadata/databases/mug/tables/public_setting_navigation.yaml:2 db-table-missing',
    'metadata/databases/mug/tables/public_setting_week.yaml:2 db-table-missing',
    'metadata/databases/mug/tables/public_week.yaml:2 db-table-missing',
  ],
  'metaDAOproject__futarchy-indexer': [
    'metadata/databases/futarchy/functions/public_reid_play.yaml:2 db-function-missing',
    'metadata/databases/futarchy/tables/public_dao_details.yaml:64 db-column-missing',
    'metadata/databases/futarchy/tables/public_markets.yaml:115 db-foreign-key-missing',
    'metadata/databases/futarchy/tables/public_markets.yaml:122 db-foreign-key-missing',
    'metadata/databases/futarchy/tables/public_orders.yaml:18 db-object-relationship-not-unique',
    'metadata/databases/futarchy/tables/public_prices_15m.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_prices_1h.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_prices_4h.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_prices_5m.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_proposal_bars.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_proposal_bars_4h.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_proposal_total_trade_volume.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_proposals.yaml:18 db-object-relationship-not-unique',
    'metadata/databases/futarchy/tables/public_proposals.yaml:25 db-foreign-key-missing',
    'metadata/databases/futarchy/tables/public_proposals.yaml:28 db-foreign-key-missing',
    'metadata/databases/futarchy/tables/public_reid_data.yaml:2 db-table-missing',
    'metadata/databases/futarchy/tables/public_tokens.yaml:18 db-object-relationship-not-unique',
    'metadata/databases/futarchy/tables/public_tokens.yaml:9 db-object-relationship-not-unique',
    'metadata/databases/futarchy/tables/public_v0_4_swaps.yaml:18 db-object-relationship-not-unique',
    'metadata/databases/futarchy/tables/public_v0_4_swaps.yaml:9 db-object-relationship-not-unique',
  ],
};

const DB_CODES = /^(db-|relationship-name-conflicts-column$)/;

function lineOf(result: RootResult, f: Finding): number {
  const text = result.project.files.get(f.file)?.text ?? '';
  return text.slice(0, f.span.start).split('\n').length;
}

describe('every corpus project builds its database models', () => {
  sharedFolder(CORPUS);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-db-corpus-'));
  after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

  test('the expectations cover every corpus project', () => {
    const projects = fs
      .readdirSync(CORPUS)
      .filter((d) => fs.existsSync(path.join(CORPUS, d, 'metadata/databases/databases.yaml')))
      .sort();
    assert.deepEqual(projects, Object.keys(EXPECTED).sort());
  });

  for (const [project, expected] of Object.entries(EXPECTED)) {
    test(project, async () => {
      const root = path.join(CORPUS, project, 'metadata');
      // The sources as the language server and the CLI pass them: with their tracked tables (evidence of a platform's schemas).
      const index = checkRoot(root, { host: createNodeHost(), cache: new ParseCache() }).index;
      const builds = await buildDatabaseModels(root, sourcesOf(index), { cacheDir });
      const got = Object.fromEntries(
        builds.map((b) => [
          b.source,
          [b.status, b.findings.filter((f) => f.code === 'migration-statement-failed').length, b.model && Object.keys(b.model.relations).length],
        ]),
      );
      assert.deepEqual(got, expected);
      const models = new Map(builds.flatMap((b) => (b.model ? [[b.source, b.model] as const] : [])));
      const checked = checkRoot(root, { host: createNodeHost(), cache: new ParseCache(), databases: () => models });
      const found = checked.findings
        .filter((f) => DB_CODES.test(f.code))
        .map((f) => `${path.relative(path.join(CORPUS, project), f.file)}:${lineOf(checked, f)} ${f.code}`);
      assert.deepEqual(found.sort(), FINDINGS[project] ?? []);
    });
  }
});
