import type { RootResult } from '../check';
import { readTableRef, tableKey } from '../project/index/tableRef';
import type { At } from '../project/index/types';
import { join } from '../util/paths';
import { actionsSdl } from '../graphql/actionsSdl';
import { selectedFields } from '../graphql/operations/fields';
import { collectBoolExpOccurrences } from './boolExp';
import type { Occurrence } from './occurrence';
import { OccurrenceSink } from './occurrence';
import { TableLookup } from './tables';
import { within } from './types';

/** Every named place of a root, by symbol and by file: the base of navigation, references and rename. */
export interface OccurrenceIndex {
  readonly all: readonly Occurrence[];
  readonly tables: TableLookup;
  byId(id: string): Occurrence[];
  /** The innermost occurrence at `offset` of `file`. */
  at(file: string, offset: number): Occurrence | undefined;
}

const memo = new WeakMap<RootResult, OccurrenceIndex>();

export function occurrencesOf(result: RootResult): OccurrenceIndex {
  let index = memo.get(result);
  if (!index) {
    index = build(result);
    memo.set(result, index);
  }
  return index;
}

function build(result: RootResult): OccurrenceIndex {
  const tables = new TableLookup(result);
  const sink = new OccurrenceSink(result.project);
  collectTables(tables, sink);
  collectRelationships(tables, sink);
  collectCollections(tables, sink);
  collectRoles(tables, sink);
  collectActions(tables, sink);
  collectOperationFields(result, sink);
  const byId = new Map<string, Occurrence[]>();
  const byFile = new Map<string, Occurrence[]>();
  const add = (map: Map<string, Occurrence[]>, key: string, o: Occurrence): void => {
    const list = map.get(key);
    if (list) list.push(o);
    else map.set(key, [o]);
  };
  for (const o of sink.all) {
    add(byId, o.id, o);
    add(byFile, o.loc.file, o);
  }
  return {
    all: sink.all,
    tables,
    byId: (id) => byId.get(id) ?? [],
    at: (file, offset) =>
      (byFile.get(file) ?? [])
        .filter((o) => within(o.loc.span, offset))
        .sort((a, b) => a.loc.span.end - a.loc.span.start - (b.loc.span.end - b.loc.span.start))[0],
  };
}

function collectTables({ result, walk }: TableLookup, sink: OccurrenceSink): void {
  const tableRef = (source: string, at: At): void => {
    const ref = at.node ? readTableRef(walk, at) : undefined;
    if (ref) sink.add({ kind: 'table', source, table: tableKey(ref) }, walk.loc(at), false);
  };
  for (const t of result.index.tables) {
    sink.add({ kind: 'table', source: t.source, table: t.key }, t.tableLoc, true);
    if (t.includeLoc) sink.add({ kind: 'table', source: t.source, table: t.key }, t.includeLoc, false);
    for (const r of t.relationships) {
      if (r.target) sink.add({ kind: 'table', source: t.source, table: tableKey(r.target) }, r.target.loc, false);
      if (r.kind !== 'remote') continue;
      const toSource = walk.get(walk.get(r.at, 'definition'), 'to_source');
      const source = walk.text(walk.get(toSource, 'source'));
      if (source !== undefined) tableRef(source, walk.get(toSource, 'table'));
    }
  }
  const objects = walk.get(walk.get(walk.root(join(result.root, 'actions.yaml')) ?? { file: '', node: undefined }, 'custom_types'), 'objects');
  for (const object of walk.items(objects)) {
    for (const rel of walk.items(walk.get(object, 'relationships'))) tableRef(walk.text(walk.get(rel, 'source')) ?? 'default', walk.get(rel, 'remote_table'));
  }
}

function collectRelationships(tables: TableLookup, sink: OccurrenceSink): void {
  for (const t of tables.result.index.tables) {
    for (const r of t.relationships) sink.add({ kind: 'relationship', source: t.source, table: t.key, name: r.name.name }, r.name.loc, true, r.name.name);
  }
  collectBoolExpOccurrences(tables, sink);
}

function collectCollections({ result, walk }: TableLookup, sink: OccurrenceSink): void {
  const { index } = result;
  for (const c of index.collections) {
    sink.add({ kind: 'collection', name: c.name.name }, c.name.loc, true, c.name.name);
    for (const q of c.queries) sink.add({ kind: 'query', collection: c.name.name, name: q.name.name }, q.name.loc, true, q.name.name);
  }
  for (const e of index.allowList) sink.add({ kind: 'collection', name: e.collection.name }, e.collection.loc, false, e.collection.name);
  for (const endpoint of index.restEndpoints) {
    const query = walk.get(walk.get(endpoint.at, 'definition'), 'query');
    const collection = walk.named(query, 'collection_name');
    const name = walk.named(query, 'query_name');
    if (!collection) continue;
    sink.add({ kind: 'collection', name: collection.name }, collection.loc, false, collection.name);
    if (name) sink.add({ kind: 'query', collection: collection.name, name: name.name }, name.loc, false, name.name);
  }
}

const LIMITS = ['depth_limit', 'node_limit', 'batch_limit', 'time_limit', 'rate_limit'];

function collectRoles({ result, walk }: TableLookup, sink: OccurrenceSink): void {
  for (const [role, uses] of result.index.roles) {
    for (const use of uses) sink.add({ kind: 'role', name: role }, use.loc, use.countsAsRole, role);
  }
  for (const inherited of result.index.inheritedRoles) {
    for (const member of inherited.roleSet) sink.add({ kind: 'role', name: member.name }, member.loc, false, member.name);
  }
  const limits = walk.root(join(result.root, 'api_limits.yaml'));
  if (!limits) return;
  for (const limit of LIMITS) {
    for (const entry of walk.entries(walk.get(walk.get(limits, limit), 'per_role')))
      sink.add({ kind: 'role', name: entry.key }, entry.keyLoc, false, entry.key);
  }
}

function collectActions({ result }: TableLookup, sink: OccurrenceSink): void {
  for (const action of result.index.actions) sink.add({ kind: 'action', name: action.name.name }, action.name.loc, true, action.name.name);
  const graphql = actionsSdl(result.project);
  for (const field of graphql?.actions ?? []) sink.addGraphql({ kind: 'action', name: field.name }, { file: graphql!.file, span: field.span });
}

/**
 * The relationships and actions the collections' operations select (by the origin the schema
 * generator records): a relationship's field is its name, or starts with it (`articles_aggregate`:
 * only the prefix is the name); a field named otherwise (a custom name) is not an occurrence.
 */
function collectOperationFields(result: RootResult, sink: OccurrenceSink): void {
  for (const field of selectedFields(result)) {
    const { origin, loc, name } = field;
    if (origin.kind === 'relationship' && name.startsWith(origin.name)) {
      const span = { start: loc.span.start, end: loc.span.start + origin.name.length };
      sink.addGraphql({ kind: 'relationship', source: origin.source, table: tableKey(origin.table), name: origin.name }, { file: loc.file, span }, false);
    } else if (origin.kind === 'action' && name === origin.name) sink.addGraphql({ kind: 'action', name }, loc, false);
  }
}
