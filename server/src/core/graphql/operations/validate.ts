import {
  FieldsOnCorrectTypeRule,
  FragmentsOnCompositeTypesRule,
  KnownArgumentNamesRule,
  KnownFragmentNamesRule,
  KnownTypeNamesRule,
  Kind,
  NoFragmentCyclesRule,
  NoUndefinedVariablesRule,
  OverlappingFieldsCanBeMergedRule,
  PossibleFragmentSpreadsRule,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  SingleFieldSubscriptionsRule,
  TypeInfo,
  UniqueArgumentNamesRule,
  UniqueDirectivesPerLocationRule,
  UniqueFragmentNamesRule,
  UniqueInputFieldNamesRule,
  UniqueVariableNamesRule,
  ValuesOfCorrectTypeRule,
  VariablesAreInputTypesRule,
  VariablesInAllowedPositionRule,
  getNamedType,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type {
  ASTNode,
  ASTVisitFn,
  ASTVisitor,
  DocumentNode,
  GraphQLSchema,
  NamedTypeNode,
  FieldNode,
  GraphQLError,
  GraphQLField,
  GraphQLNamedType,
  ValidationContext,
  ValidationRule,
} from 'graphql';
import { suggestionList } from 'graphql/jsutils/suggestionList';
import type { Span } from '../../diagnostics';
import { originOf } from './provider';
import type { RoleSchema } from './provider';
import { LazySchema, undecidedNames } from '../schema/lazy';

/**
 * How the engine treats what a rule finds. `inconsistent`: the engine's own check of every query in
 * every collection against the admin schema (Hasura.GraphQL.Analyse, run by
 * getInconsistentQueryCollections when the schema cache is built) reports it, so the query is
 * inconsistent metadata and an apply fails. `rejected`: the metadata applies, but the engine's
 * request-time validation refuses the query every time it is sent (arguments and values are not
 * looked at by the metadata check: "TODO: check field arguments?").
 */
export type Verdict = 'inconsistent' | 'rejected';

/** graphql-js's rules, each with the engine's verdict. Left out: what the engine does not check or
 * what another rule says already: executable definitions, one anonymous operation and unique
 * operation names (query-syntax, query-multiple-operations), unused variables (the engine's check
 * is off: `isVariableValidationEnabled = False`), unused fragments, and directives (the engine's own,
 * such as `@cached`, are not in a generated schema). */
const RULES: readonly (readonly [ValidationRule, Verdict])[] = [
  [knownTypeNamesOnDemand, 'inconsistent'],
  [VariablesAreInputTypesRule, 'inconsistent'],
  [ScalarLeafsRule, 'inconsistent'],
  [FieldsOnCorrectTypeRule, 'inconsistent'],
  [KnownFragmentNamesRule, 'inconsistent'],
  [SingleFieldSubscriptionsRule, 'rejected'],
  [FragmentsOnCompositeTypesRule, 'rejected'],
  [UniqueFragmentNamesRule, 'rejected'],
  [PossibleFragmentSpreadsRule, 'rejected'],
  [NoFragmentCyclesRule, 'rejected'],
  [UniqueVariableNamesRule, 'rejected'],
  [NoUndefinedVariablesRule, 'rejected'],
  [UniqueDirectivesPerLocationRule, 'rejected'],
  [KnownArgumentNamesRule, 'rejected'],
  [UniqueArgumentNamesRule, 'rejected'],
  [ValuesOfCorrectTypeRule, 'rejected'],
  [ProvidedRequiredArgumentsRule, 'rejected'],
  [VariablesInAllowedPositionRule, 'rejected'],
  [OverlappingFieldsCanBeMergedRule, 'rejected'],
  [UniqueInputFieldNamesRule, 'rejected'],
];

/** One problem of an operation, in offsets of the GraphQL text. */
export interface OperationProblem {
  readonly verdict: Verdict;
  /** graphql-js's message. */
  readonly message: string;
  readonly span: Span;
  /** An unknown field: its name and the type it was asked on (for "did you mean" and the quick fix). */
  readonly unknownField?: { readonly name: string; readonly type: string };
}

/**
 * graphql-js's KnownTypeNamesRule, run for each type name the schema does not know, over the names
 * it suggests for it. The rule reads the whole type map when it starts (the names it suggests),
 * which a generated schema makes only when asked (schema/lazy.ts), and measures the distance to
 * every name for every unknown one (seconds for a few unknown names at 1,000 tables). Its one
 * visitor, NamedType, reports nothing for a name the schema has; for one it lacks it suggests
 * suggestionList's choice among the names, which is its choice among the names it chose, so what it
 * reports is the same. The choice is made once per schema and name (`suggested`).
 */
function knownTypeNamesOnDemand(context: ValidationContext): ASTVisitor {
  return {
    NamedType(node, key, parent, path, ancestors) {
      const schema = context.getSchema();
      const name = node.name.value;
      // A view that does not collect every type (runsOperation) leaves the name undecided.
      if (schema.getType(name) || undecidedNames(schema)?.has(name)) return;
      const all = schema.getTypeMap();
      const near = Object.create(null) as Record<string, GraphQLNamedType>;
      for (const suggested of suggestedTypes(schema, name)) near[suggested] = all[suggested]!;
      const narrowed = Object.create(context) as ValidationContext;
      narrowed.getSchema = () => ({ getTypeMap: () => near }) as unknown as GraphQLSchema;
      const visitor = (KnownTypeNamesRule(narrowed) as { NamedType?: ASTVisitFn<NamedTypeNode> }).NamedType;
      visitor?.(node, key, parent, path, ancestors);
    },
  };
}

/** The type names graphql-js suggests for an unknown one, per schema (weakly) and name (up to 1,000 names a schema). */
const suggested = new WeakMap<GraphQLSchema, Map<string, readonly string[]>>();

function suggestedTypes(schema: GraphQLSchema, name: string): readonly string[] {
  let byName = suggested.get(schema);
  if (!byName || byName.size >= 1000) suggested.set(schema, (byName = new Map<string, readonly string[]>()));
  let names = byName.get(name);
  if (!names) byName.set(name, (names = suggestionList(name, suggestible(name, Object.keys(schema.getTypeMap())))));
  return names;
}

/**
 * The names graphql-js's suggestionList suggests for `input`, in no order: those within its
 * threshold (⌊0.4·length⌋ + 1) of its distance, case-insensitive edits (insert, delete, substitute,
 * swap two neighbours), computed as it computes them but without making a string or an array per
 * name (its measure does both: at 40,000 type names, most of the time of an unknown one).
 */
export function suggestible(input: string, names: readonly string[]): string[] {
  const threshold = Math.floor(input.length * 0.4) + 1;
  const b = Array.from(input.toLowerCase(), (c) => c.charCodeAt(0));
  const rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  const counts = new Int32Array(128);
  return names.filter((name) => Math.abs(name.length - b.length) <= threshold && lettersWithin(name, b, threshold, counts) && within(name, b, threshold, rows));
}

/**
 * A quick necessary condition: an edit changes the letters' counts by at most 2 (a swap not at
 * all), so a name whose counts differ from the input's by more than twice the threshold is farther.
 */
function lettersWithin(name: string, b: readonly number[], threshold: number, counts: Int32Array): boolean {
  // Not ASCII (never a GraphQL name): no quick answer; nothing is counted yet, so `counts` stays clear.
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) > 127) return true;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    counts[c >= 65 && c <= 90 ? c + 32 : c]!++;
  }
  for (const c of b) if (c <= 127) counts[c]!--;
  let diff = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const l = c >= 65 && c <= 90 ? c + 32 : c;
    diff += Math.abs(counts[l]!);
    counts[l] = 0;
  }
  for (const c of b) {
    if (c > 127) continue;
    diff += Math.abs(counts[c]!);
    counts[c] = 0;
  }
  return diff <= 2 * threshold;
}

/** Whether the distance from `name` (lower-cased as read) to the lower-cased codes `b` is at most `threshold`. */
function within(name: string, b: readonly number[], threshold: number, rows: readonly Int32Array[]): boolean {
  const lower = (i: number): number => {
    const c = name.charCodeAt(i);
    return c >= 65 && c <= 90 ? c + 32 : c;
  };
  // Names are ASCII (graphql-js asserts it): else its own measure decides.
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) > 127) return true;
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= name.length; i++) {
    const up = rows[(i - 1) % 3]!;
    const current = rows[i % 3]!;
    let smallest = (current[0] = i);
    const a1 = lower(i - 1);
    const a2 = i > 1 ? lower(i - 2) : -1;
    for (let j = 1; j <= b.length; j++) {
      let cell = Math.min(up[j]! + 1, current[j - 1]! + 1, up[j - 1]! + (a1 === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a1 === b[j - 2] && a2 === b[j - 1]) cell = Math.min(cell, rows[(i - 2) % 3]![j - 2]! + 1);
      if (cell < smallest) smallest = cell;
      current[j] = cell;
    }
    // A swap reaches back two rows, but never below the row between (its cell is at most one less).
    if (smallest > threshold) return false;
  }
  return rows[name.length % 3]![b.length]! <= threshold;
}

const verdicts = new WeakMap<GraphQLError, Verdict>();

/** The rule, with every error it reports marked with its verdict. */
function tagged(rule: ValidationRule, verdict: Verdict): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const wrapped = Object.create(context) as ValidationContext;
    wrapped.reportError = (error: GraphQLError) => {
      verdicts.set(error, verdict);
      context.reportError(error);
    };
    return rule(wrapped);
  };
}

const TAGGED: readonly ValidationRule[] = RULES.map(([rule, verdict]) => tagged(rule, verdict));

/**
 * Validates a document (one operation and its fragments) against a role's schema. Unknown fields
 * on a type the schema cannot list in full (`partial`) are not reported. A schema graphql-js finds
 * invalid answers nothing (it is the generator's to report).
 */
export function validateOperation(doc: DocumentNode, role: RoleSchema): readonly OperationProblem[] {
  let byDoc = validated.get(role);
  if (!byDoc) validated.set(role, (byDoc = new WeakMap()));
  let problems = byDoc.get(doc);
  if (!problems) byDoc.set(doc, (problems = validateOnce(doc, role)));
  return problems;
}

/**
 * Each document's problems per role schema, weakly: a role schema is kept while what it is made of is
 * unchanged and a document per query text (graphql/embedded.ts), so an edit validates the edited
 * query alone.
 */
const validated = new WeakMap<RoleSchema, WeakMap<DocumentNode, readonly OperationProblem[]>>();

/**
 * Whether a role can run an operation: validateOperation finds no problem. On a generated schema
 * not yet collected whole, answered without collecting it where the answer does not depend on it:
 * validated over a view that leaves the type names not reached yet undecided (schema/lazy.ts peek);
 * with none undecided the view answered every question as the schema would, and a field the role
 * lacks on a type reached (a table it may not select, a column it may not see) is a problem
 * whatever the undecided names are. Else the operation is validated in full.
 */
export function runsOperation(doc: DocumentNode, role: RoleSchema): boolean {
  const schema = role.schema;
  if (!(schema instanceof LazySchema) || schema.completed || validated.get(role)?.has(doc)) return validateOperation(doc, role).length === 0;
  let byDoc = runs.get(role);
  if (!byDoc) runs.set(role, (byDoc = new WeakMap()));
  let answer = byDoc.get(doc);
  if (answer === undefined) {
    const undecided = new Set<string>();
    const problems = validateOnce(doc, role, schema.peek(undecided), true);
    if (problems === undefined) answer = validateOperation(doc, role).length === 0;
    else if (undecided.size === 0) answer = problems.length === 0;
    else answer = problems.some((p) => p.unknownField) ? false : validateOperation(doc, role).length === 0;
    byDoc.set(doc, answer);
  }
  return answer;
}

/** Whether each document runs, per role schema, weakly (as `validated`). */
const runs = new WeakMap<RoleSchema, WeakMap<DocumentNode, boolean>>();

/** The problems of a document on `schema` (the role's, or a view of it); undefined when graphql-js throws on a view. */
function validateOnce(doc: DocumentNode, role: RoleSchema): OperationProblem[];
function validateOnce(doc: DocumentNode, role: RoleSchema, schema: GraphQLSchema, hideSuggestions: boolean): OperationProblem[] | undefined;
function validateOnce(doc: DocumentNode, role: RoleSchema, schema = role.schema, hideSuggestions = false): OperationProblem[] | undefined {
  let errors: readonly GraphQLError[];
  try {
    errors = validate(schema, doc, TAGGED, { maxErrors: 100, hideSuggestions });
  } catch {
    return schema === role.schema ? [] : undefined;
  }
  if (errors.length === 0) return [];
  const parents = parentTypes(doc, schema);
  const problems: OperationProblem[] = [];
  for (const error of errors) {
    const verdict = verdicts.get(error);
    if (!verdict) continue;
    const node = pick(error);
    if (!node?.loc) continue;
    const field = node.kind === Kind.FIELD && error.message.startsWith('Cannot query field') ? node : undefined;
    const parent = field ? parents.get(field) : undefined;
    if (field && parent && role.partial.has(parent)) continue;
    // A schema that lacks root fields may lack the types they use too.
    if (node.kind === Kind.NAMED_TYPE && error.message.startsWith('Unknown type') && rootPartial(role)) continue;
    const span = nameSpan(node);
    problems.push({
      verdict,
      message: error.message,
      span,
      ...(field && parent ? { unknownField: { name: field.name.value, type: parent } } : {}),
    });
  }
  return problems;
}

function rootPartial(role: RoleSchema): boolean {
  const query = role.schema.getQueryType()?.name;
  return query !== undefined && role.partial.has(query);
}

/** The node an error is about (a variable's use rather than its definition). */
function pick(error: GraphQLError): ASTNode | undefined {
  const nodes = error.nodes ?? [];
  if (nodes.length === 2 && nodes[0]!.kind === Kind.VARIABLE_DEFINITION) return nodes[1];
  return nodes[0];
}

/** A named node's name (a variable whole, `$` included), else the node. */
function nameSpan(node: ASTNode): Span {
  const named = node.kind !== Kind.VARIABLE && 'name' in node && node.name && typeof node.name === 'object' && 'loc' in node.name ? node.name.loc : undefined;
  const loc = named ?? node.loc!;
  return { start: loc.start, end: loc.end };
}

/** The type each field of the document is asked on. */
function parentTypes(doc: DocumentNode, schema: GraphQLSchema): Map<FieldNode, string> {
  const out = new Map<FieldNode, string>();
  walkSchemaFields(doc, schema, (node, _def, parent) => {
    if (parent) out.set(node, parent.name);
  });
  return out;
}

/** Calls `each` for every field of a document, with its definition and the type it is asked on (when the schema has them). */
export function walkFields(
  doc: DocumentNode,
  role: RoleSchema,
  each: (node: FieldNode, def: GraphQLField<unknown, unknown> | undefined, parent: GraphQLNamedType | undefined) => void,
): void {
  walkSchemaFields(doc, role.schema, each);
}

function walkSchemaFields(
  doc: DocumentNode,
  schema: GraphQLSchema,
  each: (node: FieldNode, def: GraphQLField<unknown, unknown> | undefined, parent: GraphQLNamedType | undefined) => void,
): void {
  const typeInfo = new TypeInfo(schema);
  visit(
    doc,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        each(node, typeInfo.getFieldDef() ?? undefined, parent ? getNamedType(parent) : undefined);
      },
    }),
  );
}

/**
 * Why a role cannot run an operation, from its first problem: when the field it lacks is one the
 * admin schema has, what that field is (a table's root field, a column, a relationship: the role's
 * permissions leave it out); else graphql-js's message.
 */
export function roleReason(problem: OperationProblem, admin: RoleSchema | undefined): string {
  const unknown = problem.unknownField;
  const type = unknown && admin ? admin.schema.getType(unknown.type) : undefined;
  const field = type && 'getFields' in type ? (type.getFields() as Record<string, GraphQLField<unknown, unknown> | undefined>)[unknown!.name] : undefined;
  const origin = field ? originOf(field) : undefined;
  const table = origin && 'table' in origin ? `\`${origin.table.schema}.${origin.table.name}\`` : '';
  switch (origin?.kind) {
    case 'root':
      return `no \`${unknown!.name}\`: its permissions on table ${table} do not give this root field`;
    case 'column':
      return `no column \`${origin.name}\` of table ${table} in its select permission`;
    case 'relationship':
    case 'remote_relationship':
      return `no relationship \`${origin.name}\` of table ${table} (no select permission on its target)`;
    case 'computed_field':
      return `no computed field \`${origin.name}\` of table ${table} in its select permission`;
    case 'action':
      return `no permission on action \`${origin.name}\``;
    default:
      return problem.message.replace(/\.$/, '');
  }
}
