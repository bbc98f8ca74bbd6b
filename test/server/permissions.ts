import type { WalkContext } from './boolExp';
import { mapBoolExp, sameRel } from './boolExp';
import type { PermEntry, QualifiedTable, TableEntry } from './state';
import { entryTable } from './tables';

/** Permissions whose boolean expressions reference a relationship: find, rename, drop. */

const PERMISSION_KINDS = [
  { kind: 'insert', key: 'insert_permissions', exps: ['check'] },
  { kind: 'select', key: 'select_permissions', exps: ['filter'] },
  { kind: 'update', key: 'update_permissions', exps: ['filter', 'check'] },
  { kind: 'delete', key: 'delete_permissions', exps: ['filter'] },
] as const;

export interface RelTarget {
  table: QualifiedTable;
  relationship: string;
}

export interface PermissionRef {
  entry: TableEntry;
  key: (typeof PERMISSION_KINDS)[number]['key'];
  perm: PermEntry;
  description: string;
}

function eachPermission(ctx: WalkContext, fn: (ref: PermissionRef, exps: readonly string[]) => void): void {
  for (const entry of ctx.source.tables) {
    const t = entryTable(entry);
    for (const { kind, key, exps } of PERMISSION_KINDS) {
      for (const perm of entry[key] ?? []) {
        const description = `permission ${t.schema}.${t.name}.${perm.role}.${kind} in source "${ctx.source.name}"`;
        fn({ entry, key, perm, description }, exps);
      }
    }
  }
}

function usesRel(ctx: WalkContext, table: QualifiedTable, exp: unknown, target: RelTarget): boolean {
  let found = false;
  mapBoolExp(ctx, table, exp, (t, rel) => {
    if (sameRel(target, t, rel)) found = true;
    return rel;
  });
  return found;
}

export function permissionsUsing(ctx: WalkContext, target: RelTarget): PermissionRef[] {
  const refs: PermissionRef[] = [];
  eachPermission(ctx, (ref, exps) => {
    const table = entryTable(ref.entry);
    if (exps.some((e) => usesRel(ctx, table, ref.perm.permission[e], target))) refs.push(ref);
  });
  return refs.sort((a, b) => a.description.localeCompare(b.description));
}

export function dropPermissions(refs: PermissionRef[]): void {
  for (const ref of refs) {
    const list = ref.entry[ref.key] ?? [];
    ref.entry[ref.key] = list.filter((p) => p !== ref.perm);
  }
}

/** Renames the relationship key inside every permission expression (call before renaming the relationship). */
export function renameInPermissions(ctx: WalkContext, target: RelTarget, newName: string): void {
  eachPermission(ctx, (ref, exps) => {
    const table = entryTable(ref.entry);
    for (const e of exps) {
      if (ref.perm.permission[e] === undefined) continue;
      ref.perm.permission[e] = mapBoolExp(ctx, table, ref.perm.permission[e], (t, rel) => (sameRel(target, t, rel) ? newName : rel));
    }
  });
}
