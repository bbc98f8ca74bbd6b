import { isMap, isSeq } from 'yaml';
import type { RootResult } from '../check';
import { findPair } from '../parse/ast';
import type { SourceFact } from '../project/index/types';
import type { AddSourceArgs } from './operations';
import { join, relative } from '../util/paths';
import { databasesPath, findSource, yamlDoc } from './find';
import type { EditResult, FileOperation, OperationEdit } from './types';
import { change, failure } from './types';
import { appendItem, insertPair, joinLines, renderItem, replacePairValue } from './yaml';

/** Keys of a source entry in the order the CLI writes them. */
export const SOURCE_KEYS = ['name', 'kind', 'configuration', 'query_tags', 'customization', 'health_check', 'tables', 'functions'];

/** A name the CLI layout can use as a folder (`databases/<name>/tables/tables.yaml`). */
function folderSafe(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\]/.test(name);
}

/**
 * pg/mssql/bigquery_add_source: a new entry at the end of databases.yaml in the CLI layout, with an
 * empty `databases/<name>/tables/tables.yaml`; with `replace_configuration` (or when the entry is
 * already there) only its `configuration` is replaced.
 */
export const addSource: OperationEdit<AddSourceArgs> = (result, args) => {
  const existing = findSource(result, args.name);
  if (existing) return replaceConfiguration(result, existing, args);
  return appendSource(result, args);
};

function appendSource(result: RootResult, args: AddSourceArgs): EditResult {
  const path = databasesPath(result);
  const layout = folderSafe(args.name);
  const tablesFile = join(result.root, 'databases', args.name, 'tables', 'tables.yaml');
  const entry = { name: args.name, kind: args.kind, configuration: args.configuration, tables: layout ? `!include ${args.name}/tables/tables.yaml` : [] };
  const files: FileOperation[] = layout ? [{ kind: 'create', file: tablesFile, text: '[]\n' }] : [];
  const notes = layout ? [] : [`The name \`${args.name}\` cannot be a folder name, so its tables are listed inline in databases.yaml.`];
  const doc = yamlDoc(result, path);
  if (!doc) return change([], [{ kind: 'create', file: path, text: joinLines(renderItem(entry, '')) }, ...files], notes);
  if (doc.contents === null || doc.contents === undefined) {
    return change([{ file: path, span: { start: 0, end: doc.text.length }, newText: joinLines(renderItem(entry, '')) }], files, notes);
  }
  if (!isSeq(doc.contents)) return failure(`${relative(result.root, path)} is not a list of sources; add \`${args.name}\` by hand.`);
  return change([appendItem(doc, doc.contents, entry, 0)], files, notes);
}

function replaceConfiguration(result: RootResult, source: SourceFact, args: AddSourceArgs): EditResult {
  const doc = yamlDoc(result, source.at.file);
  const map = source.at.node;
  if (!doc || !isMap(map) || map.flow) return failure(`The entry of source \`${args.name}\` is not a block mapping; replace its configuration by hand.`);
  const notes = args.replace_configuration ? [] : [`Source \`${args.name}\` was already in the local files; its configuration now matches the server's.`];
  const pair = findPair(map, 'configuration');
  if (pair) return change([replacePairValue(doc, map, pair, args.configuration)], [], notes);
  const edit = insertPair(doc, map, 'configuration', args.configuration, SOURCE_KEYS);
  return edit ? change([edit], [], notes) : failure(`Could not add a configuration to source \`${args.name}\`.`);
}
