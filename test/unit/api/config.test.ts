import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatConfigRecord, parseConfigRecord } from '../../../common/api';

const seedRecord = {
  version: 'v2.0.0',
  is_function_permissions_inferred: true,
  is_remote_schema_permissions_enabled: false,
  is_admin_secret_set: true,
  is_auth_hook_set: false,
  is_jwt_set: true,
  jwt: { claims_namespace: 'https://hasura.io/jwt/claims', claims_format: 'json' },
  is_allow_list_enabled: false,
  live_queries: { batch_size: 100, refetch_delay: 1 },
};

function parse(value: unknown): ReturnType<typeof parseConfigRecord> & { ok: true } {
  const result = parseConfigRecord(value);
  assert.ok(result.ok);
  return result;
}

void describe('parseConfigRecord', () => {
  void test("the seed's record: jwt as one object", () => {
    const { record } = parse(seedRecord);
    assert.deepEqual(record, {
      version: 'v2.0.0',
      is_function_permissions_inferred: true,
      is_remote_schema_permissions_enabled: false,
      is_admin_secret_set: true,
      is_auth_hook_set: false,
      is_jwt_set: true,
      jwt: [{ claims_namespace: 'https://hasura.io/jwt/claims', claims_format: 'json' }],
      jwtShape: 'object',
      is_allow_list_enabled: false,
      live_queries: { batch_size: 100, refetch_delay: 1 },
      extra: {},
      warnings: [],
    });
  });

  void test('engine v2: jwt as a list, extra fields kept', () => {
    const { record } = parse({
      ...seedRecord,
      jwt: [{ claims_namespace: 'a', claims_format: 'stringified_json', claims_map: { 'x-hasura-user-id': { path: '$.sub' } } }, { claims_namespace: 'b' }],
      streaming_queries: { batch_size: 10, refetch_delay: 2 },
      experimental_features: ['naming_convention'],
      console_assets_dir: null,
    });
    assert.equal(record.jwtShape, 'array');
    assert.equal(record.jwt.length, 2);
    assert.deepEqual(record.extra, {
      streaming_queries: { batch_size: 10, refetch_delay: 2 },
      experimental_features: ['naming_convention'],
      console_assets_dir: null,
    });
  });

  void test('jwt null, absent and empty list', () => {
    assert.deepEqual(pickJwt(parse({ ...seedRecord, jwt: null }).record), { jwt: [], jwtShape: 'null' });
    const withoutJwt: Record<string, unknown> = { ...seedRecord };
    delete withoutJwt.jwt;
    assert.deepEqual(pickJwt(parse(withoutJwt).record), { jwt: [], jwtShape: 'absent' });
    assert.deepEqual(pickJwt(parse({ ...seedRecord, jwt: [] }).record), { jwt: [], jwtShape: 'array' });
  });

  void test('wrong types are left out with a warning; non-objects are refused', () => {
    const { record } = parse({ version: 2, is_jwt_set: 'yes', jwt: 'x', live_queries: [] });
    assert.deepEqual(record.warnings, [
      'version is not a string',
      'is_jwt_set is not a boolean',
      'jwt is neither an object, a list nor null',
      'live_queries is not an object',
    ]);
    assert.equal(record.version, undefined);
    assert.deepEqual(parseConfigRecord([1]), { ok: false, message: 'The config API answered with something that is not a JSON object.' });
  });
});

function pickJwt(record: { jwt: unknown; jwtShape: string }): { jwt: unknown; jwtShape: string } {
  return { jwt: record.jwt, jwtShape: record.jwtShape };
}

void describe('formatConfigRecord', () => {
  void test('the whole record as Markdown lines', () => {
    const { record } = parse({
      ...seedRecord,
      jwt: [seedRecord.jwt, { claims_namespace: 'ns2' }],
      streaming_queries: { batch_size: 5, refetch_delay: 3 },
      experimental_features: [],
    });
    assert.deepEqual(formatConfigRecord(record), [
      '# Server configuration',
      '',
      '- Version: v2.0.0',
      '- Admin secret set: yes',
      '- Auth hook set: no',
      '- JWT set: yes',
      '- JWT 1: claims namespace `https://hasura.io/jwt/claims`, claims format `json`',
      '- JWT 2: claims namespace `ns2`',
      '- Function permissions inferred: yes',
      '- Remote schema permissions enabled: no',
      '- Allow list enabled: no',
      '- Live queries: batch size 100, refetch delay 1',
      '',
      '## Other fields',
      '',
      '- streaming_queries: batch size 5, refetch delay 3',
      '- experimental_features: `[]`',
    ]);
  });

  void test('an almost empty record says what was not reported', () => {
    assert.deepEqual(formatConfigRecord(parse({}).record), [
      '# Server configuration',
      '',
      '- Version: not reported',
      '- Admin secret set: not reported',
      '- Auth hook set: not reported',
      '- JWT set: not reported',
      '- JWT: none',
      '- Function permissions inferred: not reported',
      '- Remote schema permissions enabled: not reported',
      '- Allow list enabled: not reported',
      '- Live queries: not reported',
    ]);
  });
});
