import { findBreakingChanges, findDangerousChanges, isInterfaceType, isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';

export type ChangeLevel = 'breaking' | 'dangerous' | 'safe';

/** One change between two schemas: graphql-js's change types, plus `TYPE_ADDED`, `FIELD_ADDED`, `ROLE_ADDED`, `ROLE_REMOVED`. */
export interface SchemaChange {
  readonly level: ChangeLevel;
  readonly type: string;
  readonly description: string;
}

const ORDER: Readonly<Record<ChangeLevel, number>> = { breaking: 0, dangerous: 1, safe: 2 };

/**
 * What changed from `before` to `after`, for the clients of that schema: breaking and dangerous
 * changes as graphql-js finds them (findBreakingChanges, findDangerousChanges), and the additions
 * (new types, new fields of object and interface types) as safe. Breaking first, then dangerous,
 * then safe; within a level by description (not the schema's type order, which the generator may change).
 */
export function schemaChanges(before: GraphQLSchema, after: GraphQLSchema): SchemaChange[] {
  const out: SchemaChange[] = [
    ...findBreakingChanges(before, after).map((c) => ({ level: 'breaking' as const, type: c.type, description: c.description })),
    ...findDangerousChanges(before, after).map((c) => ({ level: 'dangerous' as const, type: c.type, description: c.description })),
    ...additions(before, after),
  ];
  return out.sort((a, b) => ORDER[a.level] - ORDER[b.level] || (a.description < b.description ? -1 : a.description > b.description ? 1 : 0));
}

function additions(before: GraphQLSchema, after: GraphQLSchema): SchemaChange[] {
  const out: SchemaChange[] = [];
  const oldTypes = before.getTypeMap();
  for (const [name, type] of Object.entries(after.getTypeMap()).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (name.startsWith('__')) continue;
    const old = oldTypes[name];
    if (!old) {
      out.push({ level: 'safe', type: 'TYPE_ADDED', description: `${name} was added.` });
      continue;
    }
    if (!(isObjectType(type) || isInterfaceType(type)) || !(isObjectType(old) || isInterfaceType(old))) continue;
    const oldFields = old.getFields();
    for (const field of Object.keys(type.getFields()).sort()) {
      if (!(field in oldFields)) out.push({ level: 'safe', type: 'FIELD_ADDED', description: `${name}.${field} was added.` });
    }
  }
  return out;
}

/** The changes one role sees. */
export interface RoleChanges {
  readonly role: string;
  readonly changes: readonly SchemaChange[];
}

/** The schemas of one side of a diff, per role. */
export interface SchemaSide {
  readonly roles: readonly string[];
  schemaFor(role: string): GraphQLSchema | undefined;
}

/**
 * The changes per role between two versions of a metadata project (`roles`: only these; default
 * admin and every role of either side). A role only the old side has lost everything (breaking); a
 * role only the new side has is new (safe).
 */
export function roleChanges(before: SchemaSide, after: SchemaSide, roles?: readonly string[]): RoleChanges[] {
  const all = roles ?? ['admin', ...[...new Set([...before.roles, ...after.roles])].filter((r) => r !== 'admin').sort()];
  return all.map((role) => {
    const old = before.schemaFor(role);
    const now = after.schemaFor(role);
    if (old && now) return { role, changes: schemaChanges(old, now) };
    if (old) return { role, changes: [{ level: 'breaking', type: 'ROLE_REMOVED', description: `Role ${role} has no schema any more (no permission left).` }] };
    if (now) return { role, changes: [{ level: 'safe', type: 'ROLE_ADDED', description: `Role ${role} was added.` }] };
    return { role, changes: [] };
  });
}

/** How many changes of each level. */
export function countChanges(diff: readonly RoleChanges[]): Record<ChangeLevel, number> {
  const counts: Record<ChangeLevel, number> = { breaking: 0, dangerous: 0, safe: 0 };
  for (const r of diff) for (const c of r.changes) counts[c.level]++;
  return counts;
}
