import { expectObject, isObj, optionalBool, requireKey, requireString } from '../args';
import { dquote, err400 } from '../qerr';
import type { ServerState, SourceEntry, TableEntry } from '../state';
import { entryTable, findSource, requireSource } from '../tables';
import type { OpHandler } from './context';
import { SUCCESS } from './context';
import type { SourceKind } from './sourceConfig';
import { checkConfiguration } from './sourceConfig';

/** *_add_source, *_drop_source and rename_source. */

const P = '$.args';

const addSource =
  (kind: SourceKind): OpHandler =>
  (raw, ctx) => {
    const args = expectObject(raw, P);
    const name = requireString(args, 'name', P);
    const configuration = requireKey(args, 'configuration', P);
    checkConfiguration(kind, configuration, `${P}.configuration`);
    const replace = optionalBool(args, 'replace_configuration', P);
    const existing = findSource(ctx.state, name);
    if (existing !== undefined && !replace) throw err400('already-exists', `source with name ${dquote(name)} already exists`);
    if (existing !== undefined) {
      existing.configuration = configuration;
      return SUCCESS;
    }
    const source: SourceEntry = { name, kind, tables: [], configuration };
    if (args.customization !== undefined) source.customization = args.customization;
    ctx.state.metadata.sources.push(source);
    return SUCCESS;
  };

interface RemoteRelRef {
  entry: TableEntry;
  name: string;
  description: string;
}

/** Remote relationships in other sources whose target is `sourceName`. */
function remoteRelationshipsTo(state: ServerState, sourceName: string): RemoteRelRef[] {
  const refs: RemoteRelRef[] = [];
  for (const source of state.metadata.sources) {
    if (source.name === sourceName) continue;
    for (const entry of source.tables) {
      const list = Array.isArray(entry.remote_relationships) ? (entry.remote_relationships as unknown[]) : [];
      for (const rr of list) {
        if (!isObj(rr) || typeof rr.name !== 'string' || targetSource(rr) !== sourceName) continue;
        const t = entryTable(entry);
        refs.push({ entry, name: rr.name, description: `remote_relationship ${t.schema}.${t.name}.${rr.name} in source "${source.name}"` });
      }
    }
  }
  return refs;
}

function targetSource(rr: Record<string, unknown>): string | undefined {
  const def = isObj(rr.definition) ? rr.definition : {};
  const toSource = isObj(def.to_source) ? def.to_source : {};
  return typeof toSource.source === 'string' ? toSource.source : undefined;
}

const dropSource: OpHandler = (raw, ctx) => {
  const args = expectObject(raw, P);
  const name = requireString(args, 'name', P);
  const cascade = optionalBool(args, 'cascade', P);
  requireSource(ctx.state, name);
  const dependents = remoteRelationshipsTo(ctx.state, name);
  if (dependents.length > 0 && !cascade) {
    const list = dependents
      .map((d) => d.description)
      .sort()
      .join(', ');
    throw err400('dependency-error', `cannot drop due to the following dependent objects: ${list}`);
  }
  for (const d of dependents) {
    d.entry.remote_relationships = (d.entry.remote_relationships as unknown[]).filter((rr) => !isObj(rr) || rr.name !== d.name);
  }
  ctx.state.metadata.sources = ctx.state.metadata.sources.filter((s) => s.name !== name);
  return SUCCESS;
};

const renameSource: OpHandler = (raw, ctx) => {
  const args = expectObject(raw, P);
  const name = requireString(args, 'name', P);
  const newName = requireString(args, 'new_name', P);
  const source = requireSource(ctx.state, name);
  if (findSource(ctx.state, newName) !== undefined) throw err400('already-exists', `source with name ${dquote(newName)} already exists`);
  source.name = newName;
  const catalog = ctx.state.catalog[name];
  if (catalog !== undefined) {
    ctx.state.catalog[newName] = catalog;
    delete ctx.state.catalog[name];
  }
  return SUCCESS;
};

export const sourceOps: Record<string, OpHandler> = {
  pg_add_source: addSource('postgres'),
  mssql_add_source: addSource('mssql'),
  bigquery_add_source: addSource('bigquery'),
  pg_drop_source: dropSource,
  mssql_drop_source: dropSource,
  bigquery_drop_source: dropSource,
  rename_source: renameSource,
};
