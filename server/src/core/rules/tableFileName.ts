import { basename, dirname } from '../util/paths';
import { metadataFileName } from '../project/tableFileName';
import { readTableName } from '../project/index/tableRef';
import { finding, tableRule } from './rule';

/** A table file whose `table` does not match its file name (the name the engine CLI gives it: project/tableFileName.ts). */
export const tableFileNameMismatch = tableRule({
  codes: ['table-file-name-mismatch'],
  checkTable: (t, { walk }) => {
    if (!t.includeLoc || basename(dirname(t.at.file)) !== 'tables') return [];
    const written = readTableName(walk, walk.get(t.at, 'table'));
    if (written === undefined) return [];
    const expected = metadataFileName(written);
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
