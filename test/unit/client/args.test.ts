import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  argumentObject,
  booleanArg,
  nameProblem,
  nullableStringArg,
  objectArg,
  parseColumnMapping,
  parseList,
  parseOptionalCount,
  relationshipNameProblem,
  sameTable,
  stringArg,
  stringListArg,
  tableArg,
  tableLabel,
} from '../../../client/src/commands/args';
import { ArgumentError } from '../../../client/src/commands/outcome';
import type { TableInfo } from '../../../common/protocol';

const article: TableInfo = {
  source: 'default',
  schema: 'public',
  name: 'article',
  file: '/m/a.yaml',
  columns: ['author_id', 'id', 'title'],
  relationships: [{ name: 'author', kind: 'object' }],
};

describe('command argument objects', () => {
  test('a plain object is the argument object; anything else (a context menu URI, a list) is none', () => {
    class Uri {
      readonly path = '/x';
    }
    assert.deepEqual(argumentObject({ name: 'x' }), { name: 'x' });
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    assert.equal(argumentObject(bare), bare);
    assert.deepEqual(argumentObject(new Uri()), {});
    assert.deepEqual(argumentObject(['x']), {});
    assert.deepEqual(argumentObject(undefined), {});
    assert.deepEqual(argumentObject('x'), {});
  });

  test('typed readers: absent is undefined, a wrong type is an ArgumentError naming the argument', () => {
    const args = { name: 'x', cascade: true, role_set: ['a'], configuration: { a: 1 }, comment: null, bad: 3 };
    assert.equal(stringArg(args, 'name'), 'x');
    assert.equal(stringArg(args, 'missing'), undefined);
    assert.equal(booleanArg(args, 'cascade'), true);
    assert.deepEqual(stringListArg(args, 'role_set'), ['a']);
    assert.deepEqual(objectArg(args, 'configuration'), { a: 1 });
    assert.equal(nullableStringArg(args, 'comment'), null);
    assert.throws(() => stringArg(args, 'bad'), new ArgumentError('Argument `bad` must be a string.'));
    assert.throws(() => booleanArg(args, 'name'), new ArgumentError('Argument `name` must be true or false.'));
    assert.throws(() => stringListArg({ role_set: ['a', 1] }, 'role_set'), new ArgumentError('Argument `role_set` must be a list of strings.'));
    assert.throws(() => objectArg({ configuration: [] }, 'configuration'), new ArgumentError('Argument `configuration` must be an object.'));
    assert.throws(() => objectArg({ configuration: null }, 'configuration'), new ArgumentError('Argument `configuration` must be an object.'));
  });

  test('table: a bare name or {schema, name} (schema defaults to public)', () => {
    assert.equal(tableArg({ table: 'article' }), 'article');
    assert.deepEqual(tableArg({ table: { schema: 's', name: 't' } }), { schema: 's', name: 't' });
    assert.deepEqual(tableArg({ table: { name: 't' } }), { schema: 'public', name: 't' });
    assert.equal(tableArg({}), undefined);
    assert.throws(() => tableArg({ table: { schema: 's' } }), new ArgumentError('Argument `table` must be a table name or {schema, name}.'));
    assert.throws(() => tableArg({ table: 5 }), new ArgumentError('Argument `table` must be a table name or {schema, name}.'));
    assert.equal(sameTable(article, 'article'), true);
    assert.equal(sameTable(article, { schema: 'other', name: 'article' }), false);
    assert.equal(tableLabel('article'), 'public.article');
  });

  test('relationship names: GraphQL names that are not a column or relationship of the table', () => {
    assert.equal(relationshipNameProblem('writer', article), undefined);
    assert.equal(relationshipNameProblem('author', article, 'author'), 'That is the current name.');
    assert.equal(relationshipNameProblem('1st', article), 'A relationship name is a GraphQL name: letters, digits and _, not starting with a digit.');
    assert.equal(relationshipNameProblem('my-rel', article), 'A relationship name is a GraphQL name: letters, digits and _, not starting with a digit.');
    assert.equal(relationshipNameProblem('author', article), 'public.article already has a relationship named author.');
    assert.equal(relationshipNameProblem('title', article), 'title is a column of public.article.');
    assert.equal(relationshipNameProblem('title', undefined), undefined);
  });

  test('other names: not empty, no edge spaces, not taken', () => {
    assert.equal(nameProblem('pg2', ['default'], 'source'), undefined);
    assert.equal(nameProblem('', [], 'source'), 'A source name cannot be empty or start or end with spaces.');
    assert.equal(nameProblem(' x', [], 'source'), 'A source name cannot be empty or start or end with spaces.');
    assert.equal(nameProblem('default', ['default'], 'source'), 'A source named default already exists.');
  });

  test('typed lists: columns, column mappings, pool counts', () => {
    assert.deepEqual(parseList(' a, b ,,c '), ['a', 'b', 'c']);
    assert.deepEqual(parseColumnMapping('author_id: id, x :y'), { author_id: 'id', x: 'y' });
    assert.equal(parseColumnMapping('author_id'), undefined);
    assert.equal(parseColumnMapping('a:b:c'), undefined);
    assert.equal(parseColumnMapping(''), undefined);
    assert.deepEqual(parseOptionalCount(' 50 '), { ok: true, value: 50 });
    assert.deepEqual(parseOptionalCount(''), { ok: true, value: undefined });
    assert.deepEqual(parseOptionalCount('-1'), { ok: false, message: 'A whole number, or empty to leave it out.' });
    assert.deepEqual(parseOptionalCount('1.5'), { ok: false, message: 'A whole number, or empty to leave it out.' });
  });
});
