import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createArrayRelationship,
  createObjectRelationship,
  dropRelationship,
  fkOnColumns,
  fkOnRemoteTable,
  fkOnRemoteTableColumn,
  manualConfiguration,
  renameRelationship,
  setRelationshipComment,
} from '../../../common/api';

const article = { schema: 'public', name: 'article' };
const author = { schema: 'public', name: 'author' };
const wire = (value: unknown): string => JSON.stringify(value);

void describe('pg_create_object_relationship', () => {
  void test('fk on one column (string form), source defaults to "default"', () => {
    const body = createObjectRelationship({ table: article, name: 'author', using: fkOnColumns('author_id') });
    assert.equal(
      wire(body),
      '{"type":"pg_create_object_relationship","args":{"source":"default","table":{"schema":"public","name":"article"},"name":"author","using":{"foreign_key_constraint_on":"author_id"}}}',
    );
  });

  void test('fk on several columns (array form), comment and explicit source', () => {
    const body = createObjectRelationship({
      source: 'pg2',
      table: 'article',
      name: 'author',
      using: fkOnColumns(['author_id', 'org_id']),
      comment: 'the writer',
    });
    assert.equal(
      wire(body),
      '{"type":"pg_create_object_relationship","args":{"source":"pg2","table":"article","name":"author","using":{"foreign_key_constraint_on":["author_id","org_id"]},"comment":"the writer"}}',
    );
  });

  void test('fk on a remote table, current form {table, columns}', () => {
    const body = createObjectRelationship({ table: author, name: 'profile', using: fkOnRemoteTable('profile', ['author_id']) });
    assert.equal(
      wire(body),
      '{"type":"pg_create_object_relationship","args":{"source":"default","table":{"schema":"public","name":"author"},"name":"profile","using":{"foreign_key_constraint_on":{"table":"profile","columns":["author_id"]}}}}',
    );
  });

  void test('fk on a remote table, deprecated {table, column}', () => {
    const body = createObjectRelationship({ table: author, name: 'profile', using: fkOnRemoteTableColumn('profile', 'author_id') });
    assert.deepEqual(body.args, {
      source: 'default',
      table: author,
      name: 'profile',
      using: { foreign_key_constraint_on: { table: 'profile', column: 'author_id' } },
    });
  });

  void test('manual_configuration {remote_table, column_mapping}', () => {
    const body = createObjectRelationship({
      table: article,
      name: 'author_row',
      using: manualConfiguration({ schema: 'public', name: 'author_view' }, { author_id: 'id' }),
    });
    assert.equal(
      wire(body.args),
      '{"source":"default","table":{"schema":"public","name":"article"},"name":"author_row","using":{"manual_configuration":{"remote_table":{"schema":"public","name":"author_view"},"column_mapping":{"author_id":"id"}}}}',
    );
  });

  void test('no version or resource_version unless asked', () => {
    const body = createObjectRelationship({ table: article, name: 'a', using: fkOnColumns('author_id') });
    assert.deepEqual(Object.keys(body), ['type', 'args']);
  });
});

void describe('pg_create_array_relationship', () => {
  void test('fk on a remote table {table, columns}', () => {
    const body = createArrayRelationship({ table: author, name: 'articles', using: fkOnRemoteTable(article, ['author_id']) });
    assert.equal(
      wire(body),
      '{"type":"pg_create_array_relationship","args":{"source":"default","table":{"schema":"public","name":"author"},"name":"articles","using":{"foreign_key_constraint_on":{"table":{"schema":"public","name":"article"},"columns":["author_id"]}}}}',
    );
  });

  void test('deprecated {table, column}', () => {
    const body = createArrayRelationship({ table: author, name: 'articles', using: fkOnRemoteTableColumn(article, 'author_id') });
    assert.deepEqual(body.args, {
      source: 'default',
      table: author,
      name: 'articles',
      using: { foreign_key_constraint_on: { table: article, column: 'author_id' } },
    });
  });

  void test('manual_configuration', () => {
    const body = createArrayRelationship({
      table: 'author_view',
      name: 'articles',
      using: manualConfiguration('article', { id: 'author_id' }),
      comment: 'view to table',
    });
    assert.equal(
      wire(body.args),
      '{"source":"default","table":"author_view","name":"articles","using":{"manual_configuration":{"remote_table":"article","column_mapping":{"id":"author_id"}}},"comment":"view to table"}',
    );
  });
});

void describe('drop, comment, rename', () => {
  void test('pg_drop_relationship sends cascade false by default', () => {
    assert.equal(
      wire(dropRelationship({ table: article, relationship: 'author' })),
      '{"type":"pg_drop_relationship","args":{"source":"default","table":{"schema":"public","name":"article"},"relationship":"author","cascade":false}}',
    );
  });

  void test('pg_drop_relationship with cascade', () => {
    assert.deepEqual(dropRelationship({ table: 'article', relationship: 'author', cascade: true, source: 's' }).args, {
      source: 's',
      table: 'article',
      relationship: 'author',
      cascade: true,
    });
  });

  void test('pg_set_relationship_comment uses the key "relationship", not "name"', () => {
    assert.equal(
      wire(setRelationshipComment({ table: article, relationship: 'author', comment: 'who wrote it' })),
      '{"type":"pg_set_relationship_comment","args":{"source":"default","table":{"schema":"public","name":"article"},"relationship":"author","comment":"who wrote it"}}',
    );
  });

  void test('pg_set_relationship_comment: a missing or null comment is sent as null (removes it)', () => {
    assert.deepEqual(setRelationshipComment({ table: 'article', relationship: 'author' }).args, {
      source: 'default',
      table: 'article',
      relationship: 'author',
      comment: null,
    });
    assert.equal(
      wire(setRelationshipComment({ table: 'article', relationship: 'author', comment: null }).args),
      wire({ source: 'default', table: 'article', relationship: 'author', comment: null }),
    );
  });

  void test('pg_rename_relationship {name, new_name}', () => {
    assert.equal(
      wire(renameRelationship({ table: article, name: 'author', new_name: 'writer' })),
      '{"type":"pg_rename_relationship","args":{"source":"default","table":{"schema":"public","name":"article"},"name":"author","new_name":"writer"}}',
    );
  });
});
