import { isObjectType } from 'graphql';
import type { GraphQLObjectType } from 'graphql';
import type { DatabaseModels } from '../db/model';
import type { Finding } from '../diagnostics';
import { collectedOperations, describeQuery } from '../graphql/operations/operations';
import type { CollectedOperation } from '../graphql/operations/operations';
import { ADMIN, originOf } from '../graphql/operations/provider';
import type { RoleSchema, SchemaProvider } from '../graphql/operations/provider';
import { roleReason, runsOperation, validateOperation } from '../graphql/operations/validate';
import type { OperationProblem } from '../graphql/operations/validate';
import { tableKey } from '../project/index/tableRef';
import type { Walk } from '../project/index/walk';
import type { AllowListFact, NamedEntry } from '../project/index/types';
import { closest } from '../util/closest';
import { operationSpan } from './querySyntax';
import { finding, related } from './rule';
import type { Rule, RuleContext } from './rule';

/**
 * Every query of every collection validated against the admin schema, as the engine does when it
 * builds its schema cache (getInconsistentQueryCollections: an invalid query is inconsistent
 * metadata, so an apply fails); what only its request-time validation refuses (arguments, values,
 * variables) is a warning. An allow-listed query no role but admin can run is a warning too: the
 * allow list exists for the other roles (admin bypasses it). Silent without a schema.
 */
export const operationValidation: Rule = {
  codes: ['operation-invalid', 'operation-rejected', 'allow-list-operation-unrunnable'],
  reads: ['collections', 'allowList', 'restEndpoints', 'graphqlSchema', 'databases'],
  check: (ctx) => {
    const schemas = ctx.schemas;
    const operations = schemas ? collectedOperations(ctx.project, ctx.index) : [];
    // No operation, no schema made.
    const admin = operations.length > 0 ? schemas?.schemaFor(ADMIN) : undefined;
    if (!schemas || !admin) return [];
    const findings: Finding[] = [];
    const valid: CollectedOperation[] = [];
    let endpoints: ReadonlyMap<string, NamedEntry[]> | undefined;
    for (const op of operations) {
      const problems = validateOperation(op.doc, admin);
      if (problems.length === 0) valid.push(op);
      if (problems.length > 0) endpoints ??= endpointsByQuery(ctx);
      findings.push(...problems.map((p) => problemFinding(ctx, op, p, admin, endpoints?.get(queryKey(op.collection.name.name, op.query.name.name)) ?? [])));
    }
    return [...findings, ...unrunnable(ctx, schemas, admin, valid)];
  },
};

function problemFinding(ctx: RuleContext, op: CollectedOperation, problem: OperationProblem, admin: RoleSchema, endpoints: readonly NamedEntry[]): Finding {
  const loc = { file: op.gql.file, span: op.gql.fileSpan(problem.span) };
  const fix = problem.unknownField ? suggestion(ctx.databases, admin, problem.unknownField) : undefined;
  const base = fix ? problem.message.replace(/ Did you mean .*\?$/, '') : problem.message;
  const why = fix?.renamedFrom
    ? ` (a migration renamed column \`${fix.renamedFrom}\` to \`${fix.column}\`)`
    : fix?.customName
      ? ` (column \`${problem.unknownField!.name}\` has the custom name \`${fix.name}\`)`
      : '';
  const did = fix ? ` Did you mean "${fix.name}"?${why}` : '';
  const used =
    endpoints.length > 0 ? ` It backs the REST endpoint${endpoints.length > 1 ? 's' : ''} ${endpoints.map((e) => `\`${e.name.name}\``).join(', ')}.` : '';
  const consequence =
    problem.verdict === 'inconsistent'
      ? 'The engine marks the query inconsistent metadata: an apply fails.'
      : 'The metadata applies, but the engine refuses the query on every request.';
  return finding(
    problem.verdict === 'inconsistent' ? 'operation-invalid' : 'operation-rejected',
    problem.verdict === 'inconsistent' ? 'error' : 'warning',
    `In ${describeQuery(op)}: ${base}${did} ${consequence}${used}`,
    loc,
    {
      related: endpoints.map((e) => related(e.name.loc, `REST endpoint \`${e.name.name}\``)),
      ...(problem.unknownField
        ? { data: { field: problem.unknownField.name, type: problem.unknownField.type, ...(fix ? { suggestion: fix.name } : {}) } }
        : {}),
    },
  );
}

/** The REST endpoints by the query their definition names (`queryKey`), once per check (each finding asks). */
function endpointsByQuery(ctx: RuleContext): Map<string, NamedEntry[]> {
  const { walk } = ctx;
  const out = new Map<string, NamedEntry[]>();
  for (const e of ctx.index.restEndpoints) {
    const target = walk.get(walk.get(e.at, 'definition'), 'query');
    const collection = walk.text(walk.get(target, 'collection_name'));
    const query = walk.text(walk.get(target, 'query_name'));
    if (collection === undefined || query === undefined) continue;
    const key = queryKey(collection, query);
    out.set(key, [...(out.get(key) ?? []), e]);
  }
  return out;
}

function queryKey(collection: string, query: string): string {
  return `${collection}\u0000${query}`;
}

/**
 * The field meant by an unknown one: the field of the column a migration renamed from that name
 * (the type's table, as the generator records it), else the closest field name.
 */
function suggestion(databases: DatabaseModels, admin: RoleSchema, unknown: { readonly name: string; readonly type: string }): Suggestion | undefined {
  let known = suggested.get(admin);
  if (!known) suggested.set(admin, (known = new Map<string, Suggestion | undefined>()));
  const key = `${unknown.type}\u0000${unknown.name}`;
  if (!known.has(key)) known.set(key, suggest(databases, admin, unknown));
  return known.get(key);
}

interface Suggestion {
  readonly name: string;
  readonly column?: string;
  readonly renamedFrom?: string;
  /** The column's GraphQL name is a custom name. */
  readonly customName?: boolean;
}

/**
 * The suggestion for each unknown field, per admin schema (a type such as query_root has thousands
 * of fields at 1,000 tables: the closest name is looked for once, not on every keystroke). The
 * database models are part of what the admin schema is made from, so they are the same while it is.
 */
const suggested = new WeakMap<RoleSchema, Map<string, Suggestion | undefined>>();

function suggest(databases: DatabaseModels, admin: RoleSchema, unknown: { readonly name: string; readonly type: string }): Suggestion | undefined {
  const type = admin.schema.getType(unknown.type);
  if (!type || !isObjectType(type)) return undefined;
  const renamed = renamedColumn(databases, type, unknown.name);
  if (renamed) return renamed;
  // The column is still there under another GraphQL name (a custom name in column_config).
  const custom = Object.values(type.getFields()).find((f) => {
    const o = originOf(f);
    return o?.kind === 'column' && o.name === unknown.name;
  });
  if (custom) return { name: custom.name, customName: true };
  const name = closest(unknown.name, Object.keys(type.getFields()));
  return name ? { name } : undefined;
}

function renamedColumn(databases: DatabaseModels, type: GraphQLObjectType, name: string): { name: string; column: string; renamedFrom: string } | undefined {
  const origin = originOf(type);
  if (origin?.kind !== 'table') return undefined;
  const relation = databases.get(origin.source)?.relations[tableKey(origin.table)];
  const column = relation?.columns.find((c) => c.origin?.renamedFrom?.includes(name));
  if (!column) return undefined;
  const field = Object.values(type.getFields()).find((f) => {
    const o = originOf(f);
    return o?.kind === 'column' && o.name === column.name;
  });
  return field ? { name: field.name, column: column.name, renamedFrom: name } : undefined;
}

/** Allow-listed queries (valid for admin) that no role the entry allows can run. */
function unrunnable(ctx: RuleContext, schemas: SchemaProvider, admin: RoleSchema, valid: readonly CollectedOperation[]): Finding[] {
  const findings: Finding[] = [];
  for (const entry of ctx.index.allowList) {
    const roles = allowedRoles(ctx.walk, entry, schemas);
    // A metadata without roles: the allow list serves admin only (the console adds every REST endpoint's query to it).
    if (roles.length === 0) continue;
    for (const op of valid.filter((o) => o.collection.name.name === entry.collection.name)) {
      // A role that runs it, or one without a schema: nothing to say (asked first: it needs no message, so no role's whole schema).
      if (roles.some((role) => runs(schemas.schemaFor(role), op))) continue;
      const reasons = roles.map((role) => [role, reasonNot(schemas.schemaFor(role), admin, op)] as const);
      const why =
        reasons.length === 0 ? 'the metadata gives no role but admin any permission' : reasons.map(([role, reason]) => `\`${role}\`: ${reason!}`).join('; ');
      findings.push(
        finding(
          'allow-list-operation-unrunnable',
          'warning',
          `The allow list lets ${describeQuery(op)} through, but no role but admin can run it (admin bypasses the allow list) — ${why}.`,
          { file: op.gql.file, span: op.gql.fileSpan(operationSpan(op.doc.loc?.source.body ?? '', op.operation)) },
          { related: [related(entry.collection.loc, 'The allow-list entry')] },
        ),
      );
    }
  }
  return findings;
}

/** Whether a role can run an operation; true without its schema (nothing can be said). */
function runs(role: RoleSchema | undefined, op: CollectedOperation): boolean {
  return !role || runsOperation(op.doc, role);
}

/** Why a role cannot run an operation (the first problem), for a role that cannot. */
function reasonNot(role: RoleSchema | undefined, admin: RoleSchema, op: CollectedOperation): string | undefined {
  const first = role ? validateOperation(op.doc, role)[0] : undefined;
  return first ? roleReason(first, admin) : undefined;
}

/** The roles an allow-list entry admits: every role with a global scope, else the roles it lists. */
function allowedRoles(walk: Walk, entry: AllowListFact, schemas: SchemaProvider): readonly string[] {
  const scope = walk.get(entry.at, 'scope');
  if (!scope.node || walk.text(walk.get(scope, 'global')) !== 'false') return schemas.roles;
  return walk.strings(walk.get(scope, 'roles')).map((r) => r.name);
}
