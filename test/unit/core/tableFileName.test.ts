import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { metadataFileName, tableFromFileName } from '../../../server/src/core/project/tableFileName';

describe('metadataFileName: the engine CLI file name of a table or function', () => {
  test('as cli/internal/metadataobject/sources/util.go names them (its export test data)', () => {
    assert.equal(metadataFileName({ schema: 'public', name: 't1' }), 'public_t1.yaml');
    assert.equal(metadataFileName({ schema: 'test1', name: 'test2' }), 'test1_test2.yaml');
    assert.equal(metadataFileName({ dataset: 'london_cycles', name: 'cycle_hire' }), 'london_cycles_cycle_hire.yaml');
    assert.equal(metadataFileName(['approvals']), 'approvals.yaml');
    assert.equal(metadataFileName(['main', 'Album']), 'main_Album.yaml');
  });

  test('nothing escaped: a `.` in a schema stays (fmt.Sprintf("%s_%s.yaml")), and a list is joined, not its schema', () => {
    assert.equal(metadataFileName({ schema: 'my.schema', name: 't' }), 'my.schema_t.yaml');
    assert.equal(metadataFileName(['a', 'b', 'c']), 'a_b_c.yaml');
  });

  test('the schema wins over the dataset unless empty; neither is `_<name>`; a string is schema public', () => {
    assert.equal(metadataFileName({ schema: 's', dataset: 'd', name: 't' }), 's_t.yaml');
    assert.equal(metadataFileName({ schema: '', dataset: 'd', name: 't' }), 'd_t.yaml');
    assert.equal(metadataFileName({ name: 't' }), '_t.yaml');
    assert.equal(metadataFileName('t'), 'public_t.yaml');
  });
});

describe('tableFromFileName: its inverse', () => {
  test('a known schema with `.` or `_` wins over the first `_`; the preferred schema first', () => {
    assert.deepEqual(tableFromFileName('my.schema_t.yaml', ['public', 'my.schema']), { schema: 'my.schema', name: 't' });
    assert.deepEqual(tableFromFileName('my_schema_t.yaml', ['my_schema']), { schema: 'my_schema', name: 't' });
    assert.deepEqual(tableFromFileName('my_schema_t.yaml', ['my.schema']), { schema: 'my', name: 'schema_t' }, 'a `.` is not a `_`');
    assert.deepEqual(tableFromFileName('a_b_c.yaml', ['a'], 'a_b'), { schema: 'a_b', name: 'c' });
    assert.equal(tableFromFileName('plain.yaml', []), undefined);
  });

  test('each known schema: the file metadataFileName names is read back to the same table', () => {
    for (const table of [
      { schema: 'public', name: 'user_roles' },
      { schema: 'my.schema', name: 't' },
      { schema: 'a_b', name: 'c_d' },
    ]) {
      assert.deepEqual(tableFromFileName(metadataFileName(table), [table.schema]), table);
    }
  });
});
