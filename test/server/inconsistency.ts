import { QErr } from './qerr';
import { missingParents, missingParentsMessage } from './roles';
import type { Metadata, RelEntry, ServerState, SourceEntry, TableEntry } from './state';
import { catalogTable, displayTable, entryTable } from './tables';
import { parseUsing, validateUsing } from './ops/relUsing';

/** What a schema-cache build would report as inconsistent, computed from the metadata and the catalog. */

export interface InconsistentObject {
  type: string;
  name: string;
  definition: unknown;
  reason: string;
}

export function inconsistentObjects(state: ServerState): InconsistentObject[] {
  const found: InconsistentObject[] = [];
  for (const source of state.metadata.sources) {
    for (const entry of source.tables) found.push(...tableInconsistencies(state, source, entry));
  }
  found.push(...roleInconsistencies(state.metadata));
  return found;
}

function tableInconsistencies(state: ServerState, source: SourceEntry, entry: TableEntry): InconsistentObject[] {
  const table = entryTable(entry);
  if (catalogTable(state, source.name, table) === undefined) {
    return [
      {
        type: 'table',
        name: `table ${displayTable(table)} in source ${source.name}`,
        definition: entry.table,
        reason: `no such table/view exists in source: ${JSON.stringify(displayTable(table))}`,
      },
    ];
  }
  const out: InconsistentObject[] = [];
  for (const kind of ['object', 'array'] as const) {
    for (const rel of entry[`${kind}_relationships`] ?? []) {
      const reason = relationshipProblem(state, source, entry, rel, kind);
      if (reason !== undefined) out.push(relationshipObject(source, entry, rel, kind, reason));
    }
  }
  return out;
}

function relationshipProblem(state: ServerState, source: SourceEntry, entry: TableEntry, rel: RelEntry, kind: 'object' | 'array'): string | undefined {
  const columns = new Set(catalogTable(state, source.name, entryTable(entry))?.columns ?? []);
  if (columns.has(rel.name)) return 'field definition conflicts with postgres column';
  try {
    validateUsing(state, source, entryTable(entry), parseUsing(rel.using, kind, '$.using'));
    return undefined;
  } catch (e) {
    if (e instanceof QErr) return e.message;
    throw e;
  }
}

function relationshipObject(source: SourceEntry, entry: TableEntry, rel: RelEntry, kind: 'object' | 'array', reason: string): InconsistentObject {
  const table = entryTable(entry);
  return {
    type: `${kind}_relation`,
    name: `${kind === 'object' ? 'object' : 'array'} relationship ${rel.name} of table ${displayTable(table)} in source ${source.name}`,
    definition: { source: source.name, table: entry.table, name: rel.name, using: rel.using, comment: rel.comment ?? null },
    reason,
  };
}

function roleInconsistencies(metadata: Metadata): InconsistentObject[] {
  return (metadata.inherited_roles ?? []).flatMap((r) => {
    const missing = missingParents(metadata, r.role_set);
    return missing.length === 0
      ? []
      : [{ type: 'inherited_role', name: `inherited_role ${r.role_name}`, definition: r, reason: missingParentsMessage(r.role_name, missing) }];
  });
}

/** Removes every inconsistent object from the metadata (drop_inconsistent_metadata). */
export function dropInconsistencies(state: ServerState): void {
  for (const source of state.metadata.sources) {
    source.tables = source.tables.filter((entry) => catalogTable(state, source.name, entryTable(entry)) !== undefined);
    for (const entry of source.tables) {
      for (const kind of ['object', 'array'] as const) {
        const key = `${kind}_relationships` as const;
        const list = entry[key];
        if (list !== undefined) entry[key] = list.filter((rel) => relationshipProblem(state, source, entry, rel, kind) === undefined);
      }
    }
  }
  const roles = state.metadata.inherited_roles;
  if (roles !== undefined) state.metadata.inherited_roles = roles.filter((r) => missingParents(state.metadata, r.role_set).length === 0);
}
