import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMarked } from '../helpers/project';

const collections = `- name: allowed-queries
  definition:
    queries:
      - name: get_authors
        query: query get_authors { author { id } }
      - name: get_articles
        query: query get_articles { article { id } }
`;

describe('allow-list-unknown-collection / allow-list-duplicate', () => {
  test('an unknown collection, with the closest name suggested', () => {
    const result = assertMarked('allow-list-unknown-collection', {
      'query_collections.yaml': collections,
      'allow_list.yaml': '- collection: allowed-queries\n- collection: ⟦allowed-querys⟧\n',
    });
    assert.deepEqual(result.findings.find((f) => f.code === 'allow-list-unknown-collection')?.data, {
      collection: 'allowed-querys',
      suggestion: 'allowed-queries',
    });
  });
  test('the same collection twice', () => {
    assertMarked('allow-list-duplicate', {
      'query_collections.yaml': collections,
      'allow_list.yaml': '- collection: allowed-queries\n- collection: ⟦allowed-queries⟧\n',
    });
  });
  test('a known collection once is fine', () => {
    assertMarked('allow-list-unknown-collection', { 'query_collections.yaml': collections, 'allow_list.yaml': '- collection: allowed-queries\n' });
  });
});

describe('allow-list-scope', () => {
  test('roles with a global scope, and global false without roles', () => {
    assertMarked('allow-list-scope', {
      'query_collections.yaml': `${collections}- name: b\n  definition:\n    queries: []\n`,
      'allow_list.yaml': '- collection: allowed-queries\n  scope:\n    global: true\n    roles: ⟦[user]⟧\n- collection: b\n  scope:\n    global: ⟦false⟧\n',
    });
  });
  test('global false with roles is fine', () => {
    assertMarked('allow-list-scope', {
      'query_collections.yaml': collections,
      'allow_list.yaml': '- collection: allowed-queries\n  scope:\n    global: false\n    roles: [user]\n',
    });
  });
});

describe('query-collection-duplicate / query-duplicate', () => {
  test('duplicate collection names and duplicate query names', () => {
    const files = {
      'query_collections.yaml': `${collections}- name: ⟦allowed-queries⟧\n  definition:\n    queries:\n      - name: a\n        query: query a { x }\n`,
    };
    assertMarked('query-collection-duplicate', files);
    assertMarked('query-duplicate', {
      'query_collections.yaml':
        '- name: c\n  definition:\n    queries:\n      - name: a\n        query: query a { x }\n      - name: ⟦a⟧\n        query: query b { x }\n',
    });
  });
  test('unique names are fine', () => {
    assertMarked('query-duplicate', { 'query_collections.yaml': collections });
    assertMarked('query-collection-duplicate', { 'query_collections.yaml': collections });
  });
});

describe('rest endpoints', () => {
  const endpoint = (collection: string, query: string): string => `- name: authors
  url: authors
  methods: [GET]
  definition:
    query:
      collection_name: ${collection}
      query_name: ${query}
`;
  test('an unknown collection', () => {
    assertMarked('rest-endpoint-unknown-collection', { 'query_collections.yaml': collections, 'rest_endpoints.yaml': endpoint('⟦nope⟧', 'get_authors') });
  });
  test('an unknown query in a known collection', () => {
    assertMarked('rest-endpoint-unknown-query', { 'query_collections.yaml': collections, 'rest_endpoints.yaml': endpoint('allowed-queries', '⟦get_author⟧') });
  });
  test('a known query is fine', () => {
    assertMarked('rest-endpoint-unknown-query', { 'query_collections.yaml': collections, 'rest_endpoints.yaml': endpoint('allowed-queries', 'get_authors') });
    assertMarked('rest-endpoint-unknown-collection', {
      'query_collections.yaml': collections,
      'rest_endpoints.yaml': endpoint('allowed-queries', 'get_authors'),
    });
  });
});
