import { basename, dirname } from '../util/paths';
import { finding, tableRule } from './rule';
import type { TableFact } from '../project/index/types';

/** The file name the engine CLI gives a table: `<schema>_<table>.yaml` (`<dataset>_<table>.yaml` for BigQuery). */
function expectedTableFileName(table: TableFact['table']): string {
  const prefix = table.schema === '' ? '' : `${table.schema.replace(/\./g, '_')}_`;
  return `${prefix}${table.name}.yaml`;
}

/** A table file whose `table` does not match its file name. */
export const tableFileNameMismatch = tableRule({
  codes: ['table-file-name-mismatch'],
  checkTable: (t) => {
    if (!t.includeLoc || basename(dirname(t.at.file)) !== 'tables') return [];
    const expected = expectedTableFileName(t.table);
    const actual = basename(t.at.file);
    if (actual === expected) return [];
    return [
      finding(
        'table-file-name-mismatch',
        'warning',
        `This file describes table \`${t.key}\`, so the engine CLI would name it \`${expected}\`, not \`${actual}\`.`,
        t.tableLoc,
        {
          data: { expected, actual, schema: t.table.schema, name: t.table.name },
        },
      ),
    ];
  },
});
