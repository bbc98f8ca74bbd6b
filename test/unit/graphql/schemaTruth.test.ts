import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { EngineVersion } from '../../../server/src/core/engineVersion';
import { parseEngineVersion } from '../../../server/src/core/engineVersion';
import type { NamingConvention } from '../../../server/src/core/graphql/schema/index';
import { generateSchema } from '../../../server/src/core/graphql/schema/index';
import type { FactComparison, TruthOptions } from '../helpers/schemaFacts';
import { SCHEMAS, compareDescriptions, compareWithExpected, expectedSchema, loadSchemasProject, remoteSdl } from '../helpers/schemaFacts';
import { sharedFolder } from '../helpers/shared';

/**
 * The generated schema of every project in ../shared/schemas against the schema its own engine
 * served (committed by its authors at the same commit as the metadata and migrations), fact by fact:
 * types and kinds, fields and arguments with their types, enum values (descriptions aside). Each
 * project states the role, naming convention and engine version it was dumped with, what cannot be
 * derived offline (remote schemas), and every difference left, with its reason.
 */
interface Truth extends TruthOptions {
  readonly role?: string;
  readonly namingConvention?: NamingConvention;
  readonly engine: string;
  /** Why the options above (when they differ from SOURCES.md). */
  readonly why?: string;
  /** Descriptions written as the committed schema writes them, of those compared (the minified one has none). */
  readonly descriptions: readonly [same: number, compared: number];
  readonly expected: number;
  readonly matched: number;
  readonly missing: number;
  readonly extra: number;
  /** Every missing fact matches one of these, each a cause of the difference. */
  readonly missingBecause?: readonly (readonly [RegExp, string])[];
  /** Every extra fact matches one of these. */
  readonly extraBecause?: readonly (readonly [RegExp, string])[];
}

const TRUTH: Readonly<Record<string, Truth>> = {
  koniuszy__przelejmi: { engine: 'v2.1.1', descriptions: [1373, 1381], expected: 1377, matched: 1377, missing: 0, extra: 0 },
  Guarn__blocnotes: {
    engine: 'v2.1.1',
    why: 'the image is `latest`; the schema is dated 2021-12-22, when `latest` was v2.1 (no `_stream`, `update_many`, aggregation predicates)',
    descriptions: [659, 666],
    expected: 662,
    matched: 662,
    missing: 0,
    extra: 0,
  },
  'DomVinyard__momentum-hasura-demo': { engine: 'v2.19.0', descriptions: [1220, 1228], expected: 1224, matched: 1224, missing: 0, extra: 0 },
  movanr__cmdetect__frontend: { engine: 'v2.46.0', descriptions: [1647, 1647], expected: 1644, matched: 1644, missing: 0, extra: 0 },
  Cohey0727__ShogiGPT: {
    engine: 'v2.48.6',
    role: 'anonymous',
    why: 'dumped as role anonymous, not admin: the committed schema has no `_prisma_migrations` (anonymous has no permission on it) and no `_aggregate` fields (anonymous has no allow_aggregations); actions.graphql is empty, so forkMatch, rewindMatch, sendChatMessage and startMatch come from the remote schema like health and matchEvaluations',
    leaveOut: [
      'query_root.health',
      'query_root.matchEvaluations',
      'mutation_root.forkMatch',
      'mutation_root.rewindMatch',
      'mutation_root.sendChatMessage',
      'mutation_root.startMatch',
    ],
    descriptions: [931, 938],
    expected: 935,
    matched: 935,
    missing: 0,
    extra: 0,
  },
  novaforgood__canopy__admin: { engine: 'v2.16.0', descriptions: [6972, 6977], expected: 6973, matched: 6973, missing: 0, extra: 0 },
  novaforgood__canopy__user: { engine: 'v2.16.0', role: 'user', descriptions: [3902, 3908], expected: 3904, matched: 3904, missing: 0, extra: 0 },
  bitcashorg__masterbots: {
    engine: 'latest',
    namingConvention: 'graphql-default',
    why: "HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION=graphql-default is set in the engine's environment (docker-compose.yml), not in the metadata",
    descriptions: [6019, 6027],
    expected: 6023,
    matched: 6023,
    missing: 0,
    extra: 0,
  },
  'SocialGouv__cdtn-admin': { engine: 'v2.15.2', minified: true, descriptions: [1125, 3699], expected: 3697, matched: 3697, missing: 0, extra: 0 },
  'CubicLu__gh-pabau': {
    engine: 'v2.0.7',
    why: 'the remote schema CRM and its remote relationships are absent from the committed schema (the engine could not reach it)',
    descriptions: [15577, 15602],
    expected: 15598,
    matched: 15598,
    missing: 0,
    extra: 0,
  },
  'uncurated-tests__finta': {
    engine: 'v2.15.0',
    why: 'nhost pins no version; the schema is dated 2022-11-21 and has `_stream` but no aggregation predicates (v2.15)',
    leaveOut: ['query_root.stripeData', 'query_root.stripePrices', 'users.stripeData'],
    descriptions: [5512, 5570],
    expected: 5584,
    matched: 5566,
    missing: 18,
    extra: 75,
    missingBecause: [
      [
        /([aA]uthRefreshTokens?\w*|authUserProviders_constraint\.user_providers_user_id_provider_id_key|authUserSecurityKeys_constraint\.user_security_key_credential_id_key)\b/,
        "nhost's auth schema in the model (the platform's, not the project's migrations) is a later nhost release than the project ran: refresh_tokens keyed by refreshToken then, by id now; two unique constraints named otherwise",
      ],
    ],
    extraBecause: [[/([aA]uthRefreshTokens?\w*|authUserSecurityKeys_constraint\.user_security_keys_credential_id_key)\b/, 'the same, the other way']],
  },
  '5stackgg__api': {
    engine: 'v2.49.4',
    descriptions: [58199, 58367],
    expected: 58746,
    matched: 58361,
    missing: 385,
    extra: 53,
    missingBecause: [
      [
        /\b(players|matches|league_seasons|server_regions|game_plugins|game_server_nodes|match_maps|tournaments|draft_games|servers|match_map_demos|match_clips|teams|player_faceit_rank_history|match_lineups|tournament_brackets|e_match_party_sources)\w*/,
        'the committed SDL is not what these migrations build: it has columns, enum rows and computed fields no migration or post-apply file at this commit creates (e.g. game_server_nodes.cs2_launch_options, league_seasons.promote_count, tournaments.is_league)',
      ],
    ],
    extraBecause: [
      [
        /\b(players|my_friends|game_plugin_installs|player_faceit_rank_history|draft_game_picks|draft_game_players|draft_games|query_root\.getSchemas)\w*/,
        'and the other way: columns and constraints the migrations create that the SDL lacks (e.g. players.faceit_synced_at), and a hand edit of the SDL (game_plugin_installs)',
      ],
    ],
  },
};

function version(text: string): EngineVersion {
  const v = parseEngineVersion(text);
  assert.ok(v, text);
  return v;
}

function rate(c: FactComparison): string {
  return `${c.matched}/${c.expected} (${((100 * c.matched) / Math.max(1, c.expected)).toFixed(1)}%)`;
}

describe('generated schemas against the schemas real engines served', () => {
  sharedFolder(SCHEMAS);
  test('every project of ../shared/schemas has its expectation', () => {
    const projects = fs
      .readdirSync(SCHEMAS)
      .filter((d) => fs.existsSync(path.join(SCHEMAS, d, 'expected')))
      .sort();
    assert.deepEqual(projects, Object.keys(TRUTH).sort());
  });

  for (const [project, truth] of Object.entries(TRUTH)) {
    test(`${project}: ${truth.role ?? 'admin'}, ${truth.engine}${truth.namingConvention ? `, ${truth.namingConvention}` : ''}`, async () => {
      const { result, models } = await loadSchemasProject(project);
      const generated = generateSchema(result, models, {
        ...(truth.role !== undefined ? { role: truth.role } : {}),
        ...(truth.namingConvention !== undefined ? { namingConvention: truth.namingConvention } : {}),
        engineVersion: version(truth.engine),
      });
      assert.ok(generated.ok, generated.ok ? '' : generated.error);
      const c = compareWithExpected(project, generated.schema, truth);
      const d = compareDescriptions(project, generated.schema);
      console.log(
        `${project}: ${rate(c)} of the committed schema's facts generated, ${c.missing.length} missing, ${c.extra.length} extra; descriptions ${d.same}/${d.compared} the same`,
      );
      // Descriptions are not facts here, but the engine's texts are followed: what differs is the engine's
      // memoised field parsers (a relationship named as a root field takes the root field's text, or the
      // other way) and the hash order of a constraint's columns.
      assert.deepEqual([d.same, d.compared], truth.descriptions);
      const unexplained = (facts: readonly string[], because: Truth['missingBecause']): string[] =>
        facts.filter((f) => !(because ?? []).some(([pattern]) => pattern.test(f)));
      assert.deepEqual(unexplained(c.missing, truth.missingBecause), [], 'missing facts without a stated cause');
      assert.deepEqual(unexplained(c.extra, truth.extraBecause), [], 'extra facts without a stated cause');
      assert.deepEqual(
        { expected: c.expected, matched: c.matched, missing: c.missing.length, extra: c.extra.length },
        { expected: truth.expected, matched: truth.matched, missing: truth.missing, extra: truth.extra },
      );
    });
  }

  test('a remote schema joins when its SDL is supplied: Cohey0727__ShogiGPT whole, its remote fields included', async () => {
    const project = 'Cohey0727__ShogiGPT';
    const truth = TRUTH[project]!;
    const sdl = remoteSdl(expectedSchema(project), truth.leaveOut ?? []);
    const { result, models } = await loadSchemasProject(project);
    const options = { role: 'anonymous', engineVersion: version(truth.engine) };
    const without = generateSchema(result, models, options);
    assert.ok(without.ok);
    assert.ok(
      without.notes.includes(
        'remote schema ShogiGPT Server: its root fields and types need its own schema, so they are left out (supply its SDL: --remote-schema ShogiGPT Server=FILE)',
      ),
    );
    const joined = generateSchema(result, models, { ...options, remoteSchemas: { 'ShogiGPT Server': sdl } });
    assert.ok(joined.ok);
    assert.deepEqual(joined.notes, []);
    const c = compareWithExpected(project, joined.schema);
    assert.deepEqual({ expected: c.expected, matched: c.matched, missing: c.missing, extra: c.extra }, { expected: 985, matched: 985, missing: [], extra: [] });
  });
});
