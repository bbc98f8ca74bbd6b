import { isMap, isScalar } from 'yaml';
import type { RootResult } from '../../check';
import type { Finding } from '../../diagnostics';
import { get, spanOf } from '../../parse/ast';
import { tableKey } from '../../project/index/tableRef';
import type { QualifiedTable, TableFact } from '../../project/index/types';
import { Walk } from '../../project/index/walk';
import { basename, dirname, join } from '../../util/paths';
import { occurrencesOf } from '../occurrences';
import { symbolId } from '../occurrence';
import { yamlScalar } from '../text';
import type { TextEdit } from '../types';
import { tableFromFileName } from '../../project/tableFileName';
import type { Fixer, QuickFix } from './types';

/** table-file-name-mismatch: rename the file (and its include) after the table, or set `table:` from the file name. */
export const fixTableFileName: Fixer = ({ finding, result }) => {
  const table = result?.index.tables.find((t) => t.tableLoc.file === finding.file && t.tableLoc.span.start === finding.span.start);
  if (!result || !table) return [];
  return [...renameFile(result, table, finding), ...retable(result, table, finding)];
};

function renameFile(result: RootResult, table: TableFact, finding: Finding): QuickFix[] {
  const expected = typeof finding.data?.expected === 'string' ? finding.data.expected : undefined;
  const file = result.project.files.get(table.at.file);
  if (expected === undefined || !file) return [];
  const target = join(dirname(file.path), expected);
  if (result.project.files.has(target)) return [];
  const edits: TextEdit[] = [];
  for (const site of file.includedBy) {
    const text = result.project.files.get(site.file)?.text ?? '';
    if (text.slice(site.ref.span.start, site.ref.span.end) !== site.ref.raw) return [];
    edits.push({ file: site.file, span: site.ref.span, newText: site.ref.raw.slice(0, site.ref.raw.lastIndexOf('/') + 1) + expected });
  }
  return [{ title: `Rename the file to ${expected}`, change: { edits, files: [{ kind: 'rename', from: file.path, to: target }] }, preferred: true }];
}

function retable(result: RootResult, table: TableFact, finding: Finding): QuickFix[] {
  const known = [...new Set(result.index.tables.map((t) => t.table.schema))];
  const wanted = tableFromFileName(basename(table.at.file), known, typeof finding.data?.schema === 'string' ? finding.data.schema : undefined);
  if (!wanted || result.index.tables.some((t) => t.source === table.source && t.key === tableKey(wanted))) return [];
  const uses = occurrencesOf(result)
    .byId(symbolId({ kind: 'table', source: table.source, table: table.key }))
    .filter((o) => !o.definition && o.loc.file !== table.includeLoc?.file);
  if (uses.length > 0) return [];
  const edits = tableEdits(result, table, wanted);
  return edits ? [{ title: `Change \`table:\` to ${tableKey(wanted)}`, change: { edits, files: [] } }] : [];
}

function tableEdits(result: RootResult, table: TableFact, wanted: QualifiedTable): TextEdit[] | undefined {
  const node = new Walk(result.project).get(table.at, 'table').node;
  const file = table.tableLoc.file;
  if (isScalar(node)) {
    const newText = wanted.schema === 'public' ? yamlScalar(wanted.name) : `{name: ${yamlScalar(wanted.name)}, schema: ${yamlScalar(wanted.schema)}}`;
    return [{ file, span: spanOf(node), newText }];
  }
  const name = get(node, 'name');
  const schema = get(node, 'schema');
  if (!isMap(node) || !isScalar(name) || (!isScalar(schema) && wanted.schema !== 'public')) return undefined;
  return [
    { file, span: spanOf(name), newText: yamlScalar(wanted.name) },
    ...(isScalar(schema) ? [{ file, span: spanOf(schema), newText: yamlScalar(wanted.schema) }] : []),
  ];
}
