import { expectObject, optionalBool, optionalString, requireKey, requireString } from '../args';
import { dquote, err400 } from '../qerr';
import type { WalkContext } from '../boolExp';
import { dropPermissions, permissionsUsing, renameInPermissions } from '../permissions';
import type { QualifiedTable, RelEntry, SourceEntry, TableEntry } from '../state';
import { displayTable, fieldNames, findRelationship, parseTableName, requireSource, requireTrackedTable } from '../tables';
import type { OpContext, OpHandler } from './context';
import { SUCCESS } from './context';
import { parseUsing, validateUsing } from './relUsing';

/** pg_create_object/array_relationship, pg_drop_relationship, pg_set_relationship_comment, pg_rename_relationship. */

const P = '$.args';

interface TableTarget {
  source: SourceEntry;
  table: QualifiedTable;
  entry: TableEntry;
  args: Record<string, unknown>;
}

function tableTarget(raw: unknown, ctx: OpContext): TableTarget {
  const args = expectObject(raw, P);
  const sourceName = optionalString(args, 'source', P) ?? 'default';
  const table = parseTableName(requireKey(args, 'table', P), `${P}.table`);
  const source = requireSource(ctx.state, sourceName);
  return { source, table, entry: requireTrackedTable(source, table), args };
}

function assertFreeName(ctx: OpContext, t: TableTarget, name: string): void {
  if (fieldNames(ctx.state, t.source.name, t.entry).has(name)) {
    throw err400('already-exists', `field with name ${dquote(name)} already exists in table ${dquote(displayTable(t.table))}`);
  }
}

function requireRelationship(t: TableTarget, name: string): { rel: RelEntry; list: RelEntry[] } {
  const found = findRelationship(t.entry, name);
  if (found === undefined) throw err400('not-exists', `relationship ${dquote(name)} does not exist`);
  return found;
}

const createRelationship =
  (kind: 'object' | 'array'): OpHandler =>
  (raw, ctx) => {
    const t = tableTarget(raw, ctx);
    const name = requireString(t.args, 'name', P);
    const using = parseUsing(requireKey(t.args, 'using', P), kind, `${P}.using`);
    const comment = optionalString(t.args, 'comment', P);
    assertFreeName(ctx, t, name);
    validateUsing(ctx.state, t.source, t.table, using);
    const rel: RelEntry = { name, using: t.args.using as Record<string, unknown> };
    if (comment !== undefined) rel.comment = comment;
    const key = kind === 'object' ? 'object_relationships' : 'array_relationships';
    t.entry[key] = [...(t.entry[key] ?? []), rel];
    return SUCCESS;
  };

const dropRelationship: OpHandler = (raw, ctx) => {
  const t = tableTarget(raw, ctx);
  const name = requireString(t.args, 'relationship', P);
  const cascade = optionalBool(t.args, 'cascade', P);
  const found = requireRelationship(t, name);
  const walk: WalkContext = { state: ctx.state, source: t.source };
  const dependents = permissionsUsing(walk, { table: t.table, relationship: name });
  if (dependents.length > 0 && !cascade) {
    const list = dependents.map((d) => d.description).join(', ');
    throw err400('dependency-error', `cannot drop due to the following dependent objects: ${list}`);
  }
  dropPermissions(dependents);
  removeRelationship(t.entry, found.rel);
  return SUCCESS;
};

function removeRelationship(entry: TableEntry, rel: RelEntry): void {
  for (const key of ['object_relationships', 'array_relationships'] as const) {
    const list = entry[key];
    if (list !== undefined) entry[key] = list.filter((r) => r !== rel);
  }
}

const setRelationshipComment: OpHandler = (raw, ctx) => {
  const t = tableTarget(raw, ctx);
  const found = requireRelationship(t, requireString(t.args, 'relationship', P));
  const comment = optionalString(t.args, 'comment', P);
  if (comment === undefined) delete found.rel.comment;
  else found.rel.comment = comment;
  return SUCCESS;
};

const renameRelationship: OpHandler = (raw, ctx) => {
  const t = tableTarget(raw, ctx);
  const name = requireString(t.args, 'name', P);
  const newName = requireString(t.args, 'new_name', P);
  const found = requireRelationship(t, name);
  assertFreeName(ctx, t, newName);
  renameInPermissions({ state: ctx.state, source: t.source }, { table: t.table, relationship: name }, newName);
  found.rel.name = newName;
  return SUCCESS;
};

export const relationshipOps: Record<string, OpHandler> = {
  pg_create_object_relationship: createRelationship('object'),
  pg_create_array_relationship: createRelationship('array'),
  pg_drop_relationship: dropRelationship,
  pg_set_relationship_comment: setRelationshipComment,
  pg_rename_relationship: renameRelationship,
};
