import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { splitSql } from '../../../server/src/core/db/sql/split';

/** Each statement as [start, end, kind], and checks that text is the slice. */
function spans(text: string): [number, number, string][] {
  return splitSql(text).map((s) => {
    assert.equal(s.text, text.slice(s.start, s.end));
    return [s.start, s.end, s.kind];
  });
}

function texts(text: string): string[] {
  return splitSql(text).map((s) => s.text);
}

describe('splitSql', () => {
  test('statements with exact offsets; whitespace, comments before and the semicolon are not part of them', () => {
    const sql = '  create table a (id int);\n-- note\n/* lead */ insert into a values (1) ; ';
    assert.deepEqual(spans(sql), [
      [2, 25, 'sql'],
      [46, 70, 'sql'],
    ]);
    assert.deepEqual(texts(sql), ['create table a (id int)', 'insert into a values (1)']);
  });

  test('the last statement needs no semicolon; empty statements and blank text give nothing', () => {
    assert.deepEqual(texts('select 1;;\n;select 2\n'), ['select 1', 'select 2']);
    assert.deepEqual(splitSql(''), []);
    assert.deepEqual(splitSql(' ;; -- only a comment\n/* and another */'), []);
  });

  test('semicolons inside single quotes (with doubled quotes), E strings (with backslashes) and quoted identifiers', () => {
    assert.deepEqual(texts("select 'a;''b;';select E'x\\';y';select e'\\\\';select \"we;ird\"\"x\" from t;select 1"), [
      "select 'a;''b;'",
      "select E'x\\';y'",
      "select e'\\\\'",
      'select "we;ird""x" from t',
      'select 1',
    ]);
    // Only an E standing alone opens an E string: in `some'...'` the backslash is ordinary text.
    assert.deepEqual(texts("select some'\\';select 2"), ["select some'\\'", 'select 2']);
  });

  test('dollar quotes: $$ and $tag$, a tag that does not close another, $1 and a$b are no quotes', () => {
    const fn = 'create function f() returns int as $body$ select 1; $$ not the end $$; $body$ language sql';
    assert.deepEqual(texts(`${fn};select $1;select a$b; from x;do $$begin perform 1; end$$`), [
      fn,
      'select $1',
      'select a$b',
      'from x',
      'do $$begin perform 1; end$$',
    ]);
  });

  test('line comments and nested block comments hide semicolons; a comment inside a statement stays in it', () => {
    const sql = 'select 1 /* a; /* nested; */ still; */ + 2 -- end;\n, 3;select 4 -- trailing; \n';
    assert.deepEqual(texts(sql), ['select 1 /* a; /* nested; */ still; */ + 2 -- end;\n, 3', 'select 4']);
  });

  test('semicolons inside parentheses (a CREATE RULE with several actions) do not end the statement', () => {
    assert.deepEqual(texts('create rule r as on insert to t do also (insert into a values (1); insert into b values (2));select 1'), [
      'create rule r as on insert to t do also (insert into a values (1); insert into b values (2))',
      'select 1',
    ]);
  });

  test('psql meta-command lines are statements of their own, kind meta, up to the end of the line', () => {
    const sql = 'create database chinook;\n\\connect chinook\r\n  \\set ON_ERROR_STOP on\ncreate table t (a int);';
    assert.deepEqual(spans(sql), [
      [0, 23, 'sql'],
      [25, 41, 'meta'],
      [45, 66, 'meta'],
      [67, 89, 'sql'],
    ]);
  });

  test('an unterminated quote, dollar quote or comment runs to the end of the text', () => {
    assert.deepEqual(texts("select 'open; select 2"), ["select 'open; select 2"]);
    assert.deepEqual(texts('select $$ open; select 2'), ['select $$ open; select 2']);
    assert.deepEqual(texts('select 1 /* open; select 2'), ['select 1']);
  });

  test('offsets are UTF-16 units: an emoji counts two', () => {
    const sql = "select 'é😀';select 2";
    assert.deepEqual(spans(sql), [
      [0, 12, 'sql'],
      [13, 21, 'sql'],
    ]);
  });
});
