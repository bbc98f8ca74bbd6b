import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMarked, path } from '../helpers/project';
import { COLLECTIONS, variant } from './fixtures';

/** A collection with one query whose YAML value is `value` (already indented for `query: `). */
const collection = (value: string): Record<string, string> => ({
  'query_collections.yaml': `- name: c\n  definition:\n    queries:\n      - name: q\n        query: ${value}\n`,
});

describe('query-syntax: the error is placed exactly inside the YAML string, whatever its style', () => {
  test('a multi-line block literal (|)', () => {
    const files = variant(COLLECTIONS, 'query_collections.yaml', 'author_by_pk(id: $id) {', 'author_by_pk(id: $id ⟦{⟧');
    const result = assertMarked('query-syntax', files);
    const f = result.findings.find((x) => x.code === 'query-syntax')!;
    assert.equal(f.message, 'GraphQL syntax error in query `author_by_id` of collection `allowed-queries`: Expected Name, found "{".');
    assert.equal(f.file, path('query_collections.yaml'));
  });
  test('a missing closing brace: an empty span after the last token of the block', () => {
    assertMarked('query-syntax', collection('|\n          query q {\n            author { id }⟦⟧\n\n'));
  });
  test('a block literal with an indentation indicator and keep chomping', () => {
    assertMarked('query-syntax', collection('|2+\n            query q {\n          author { id ⟦)⟧ }\n          }\n\n'));
  });
  test('a folded block scalar (>-)', () => {
    assertMarked('query-syntax', collection('>-\n          query q {\n            author\n          { id ⟦)⟧ } }\n'));
  });
  test('a double-quoted string with escapes and a folded line', () => {
    assertMarked('query-syntax', collection('"query q {\\n  author(where: {name: {_eq: \\"a\\tb\\u00e9\\"}})\n          { id ⟦)⟧ } }"'));
  });
  test("a single-quoted string with '' and a folded line", () => {
    assertMarked('query-syntax', collection("'query q { author(where: {name: {_eq: \"it''s\"}})\n\n          { id ⟦)⟧ } }'"));
  });
  test('a multi-line plain scalar', () => {
    assertMarked('query-syntax', collection('query q {\n          author { id ⟦)⟧ }\n          }'));
  });
  test('a schema definition in a query', () => {
    assertMarked('query-syntax', collection('|\n          query q { author { id } }\n          ⟦type⟧ Author { id: Int }\n'));
  });
  test('valid queries in every style are fine', () => {
    assertMarked('query-syntax', COLLECTIONS);
    for (const value of [
      'query q { a }',
      '"query q { a }"',
      "'query q { a }'",
      '|\n          query q { a }\n',
      '>\n          query q {\n            a\n          }\n',
    ])
      assertMarked('query-syntax', collection(value));
  });
});

describe('query-multiple-operations', () => {
  test('a second operation (named, then anonymous) is flagged at its name or first token', () => {
    const result = assertMarked('query-multiple-operations', collection('|\n          query a { x }\n          query ⟦b⟧ { y }\n          ⟦{⟧ z }\n'));
    const f = result.findings.find((x) => x.code === 'query-multiple-operations')!;
    assert.equal(f.severity, 'warning');
    assert.match(f.message, /holds 3 operations/);
    const text = result.project.files.get(path('query_collections.yaml'))!.text;
    assert.equal(text.slice(f.related![0]!.span.start, f.related![0]!.span.end), 'a');
  });
  test('one operation with fragments is fine', () => {
    assertMarked('query-multiple-operations', COLLECTIONS);
  });
});

describe('rest-endpoint-variables', () => {
  test('a url variable the operation does not declare, on the variable in the url', () => {
    const result = assertMarked('rest-endpoint-variables', variant(COLLECTIONS, 'rest_endpoints.yaml', 'url: authors/:id', 'url: authors/⟦:author_id⟧'));
    const f = result.findings.find((x) => x.code === 'rest-endpoint-variables')!;
    assert.equal(f.message, 'The url variable `:author_id` has no matching variable `$author_id` in query `author_by_id` (it declares $id).');
    assert.equal(f.related?.[0]?.file, path('query_collections.yaml'));
  });
  test('in a quoted url, with a suggestion', () => {
    const result = assertMarked('rest-endpoint-variables', variant(COLLECTIONS, 'rest_endpoints.yaml', 'url: authors/:id', 'url: "authors/:id/⟦:idd⟧"'));
    assert.deepEqual(result.findings.find((x) => x.code === 'rest-endpoint-variables')?.data, { variable: 'idd', suggestion: 'id' });
  });
  test('matching variables, urls without variables and unknown queries are left alone', () => {
    assertMarked('rest-endpoint-variables', COLLECTIONS);
    assertMarked('rest-endpoint-variables', variant(COLLECTIONS, 'rest_endpoints.yaml', 'url: authors/:id', 'url: authors'));
    assertMarked('rest-endpoint-variables', variant(COLLECTIONS, 'rest_endpoints.yaml', 'query_name: author_by_id', 'query_name: nope'));
  });
});

describe('remote-schema-permission-syntax', () => {
  test('a syntax error in a permission schema, in place', () => {
    const result = assertMarked(
      'remote-schema-permission-syntax',
      variant(COLLECTIONS, 'remote_schemas.yaml', 'type Country { code: ID! name: String! }', 'type Country { code: ID! name: ⟦}⟧'),
    );
    assert.equal(
      result.findings.find((x) => x.code === 'remote-schema-permission-syntax')?.message,
      'GraphQL syntax error in the schema of role `user` on remote schema `countries`: Expected Name, found "}".',
    );
  });
  test('a valid schema is fine', () => {
    assertMarked('remote-schema-permission-syntax', COLLECTIONS);
  });
});
