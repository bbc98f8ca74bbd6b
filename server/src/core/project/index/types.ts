import type { Span } from '../../diagnostics';
import type { YNode } from '../../parse/ast';

/** A place in a file: the unit every cross-file fact carries so findings can point at it. */
export interface Loc {
  readonly file: string;
  readonly span: Span;
}

export interface Named {
  readonly name: string;
  readonly loc: Loc;
}

/** A YAML node together with the file it lives in (after following includes). */
export interface At {
  readonly file: string;
  readonly node: YNode;
}

export interface QualifiedTable {
  readonly schema: string;
  readonly name: string;
}

export type RelationshipKind = 'object' | 'array' | 'computed_field' | 'remote';

export interface RelationshipFact {
  readonly kind: RelationshipKind;
  readonly name: Named;
  readonly at: At;
  /** For object/array relationships: the table the relationship points at, when it names one. */
  readonly target?: QualifiedTable & { readonly loc: Loc };
  /** The `using` node of object/array relationships. */
  readonly using?: At;
}

export type PermissionKind = 'insert' | 'select' | 'update' | 'delete';

export interface PermissionFact {
  readonly kind: PermissionKind;
  readonly role: Named;
  readonly at: At;
}

export interface TableFact {
  readonly source: string;
  readonly table: QualifiedTable;
  /** `schema.name` (or the joined name for other shapes). */
  readonly key: string;
  /** The table entry's mapping node and file (the table file, or databases.yaml when inline). */
  readonly at: At;
  /** The `table:` value. */
  readonly tableLoc: Loc;
  /** Where tables.yaml includes this table's file, when it does. */
  readonly includeLoc?: Loc;
  readonly relationships: RelationshipFact[];
  readonly permissions: PermissionFact[];
  /** Column names the metadata itself reveals for this table, with where (the first COLUMN_PLACES places, index/tables.ts). */
  readonly columns: Map<string, Loc[]>;
}

export interface SourceFact {
  readonly name: Named;
  readonly kind: string;
  readonly at: At;
  readonly tables: readonly TableFact[];
}

export interface RoleUse {
  readonly loc: Loc;
  /** What uses the role, e.g. `select permission on public.article`. */
  readonly via: string;
  /** Whether the engine counts this use when resolving inherited-role parents. */
  readonly countsAsRole: boolean;
}

export interface QueryFact {
  readonly name: Named;
  readonly query?: At;
}

export interface CollectionFact {
  readonly name: Named;
  readonly at: At;
  readonly queries: QueryFact[];
}

export interface AllowListFact {
  readonly collection: Named;
  readonly at: At;
}

export interface InheritedRoleFact {
  readonly role: Named;
  readonly roleSet: Named[];
  readonly at: At;
}

export interface NamedEntry {
  readonly name: Named;
  readonly at: At;
}

/** Everything the cross-file rules and editor features need to know about one metadata root. */
export interface ProjectIndex {
  readonly root: string;
  readonly sources: readonly SourceFact[];
  readonly tables: readonly TableFact[];
  /** `${source}\u0000${key}` of every tracked table. */
  readonly tableKeys: ReadonlySet<string>;
  /** The sources' names (the same object while databases.yaml and its sources' shapes are unchanged). */
  readonly sourceNames: readonly Named[];
  /** Every use of every role (made when first asked for: editor features). */
  readonly roles: ReadonlyMap<string, readonly RoleUse[]>;
  /** The roles the engine counts when resolving inherited roles: permissions and inherited roles (the same object while that set is unchanged). */
  readonly roleNames: ReadonlySet<string>;
  readonly collections: readonly CollectionFact[];
  readonly allowList: readonly AllowListFact[];
  readonly inheritedRoles: readonly InheritedRoleFact[];
  readonly remoteSchemas: readonly NamedEntry[];
  readonly cronTriggers: readonly NamedEntry[];
  readonly actions: readonly NamedEntry[];
  readonly restEndpoints: readonly NamedEntry[];
  /** The data connector agents backend_configs.yaml declares (`dataconnector: {<name>: {uri}}`), at their keys. */
  readonly dataConnectors: readonly Named[];
  /** opentelemetry.yaml's root (a new object only when that file changed). */
  readonly openTelemetry: At;
}
