import { getAutocompleteSuggestions } from 'graphql-language-service';
import { CompletionItemKind } from 'vscode-languageserver-types';
import type { CompletionItem } from 'vscode-languageserver-types';
import { TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import type { GraphQLArgument, GraphQLField, GraphQLNamedType } from 'graphql';
import type { RootResult } from '../check';
import type { Span } from '../diagnostics';
import { selectedFields } from '../graphql/operations/fields';
import { describeQuery, operationAt } from '../graphql/operations/operations';
import type { CollectedOperation } from '../graphql/operations/operations';
import { ADMIN, originOf } from '../graphql/operations/provider';
import type { Origin, RoleSchema } from '../graphql/operations/provider';
import { roleReason, validateOperation } from '../graphql/operations/validate';
import { tableKey } from '../project/index/tableRef';
import type { Loc, TableFact } from '../project/index/types';
import { Walk } from '../project/index/walk';
import type { CompletionEntry, CompletionKind } from './completion';
import { dbDefinition, dbRefAt } from './database';
import type { HoverResult } from './hover';
import type { FeatureInput } from './types';

/** Which role's schema the GraphQL features of collections use (setting `graphqlMetadata.operationsRole`). */
export interface OperationOptions {
  readonly role?: string;
}

/** The GraphQL under the cursor inside a collection's query, with the schema of the chosen role. */
interface Site {
  readonly op: CollectedOperation | undefined;
  readonly text: string;
  /** The offset in the GraphQL text. */
  readonly offset: number;
  readonly fileSpan: (span: Span) => Span;
  readonly role: string;
  readonly schema: RoleSchema | undefined;
}

function siteOf(input: FeatureInput, options: OperationOptions): Site | undefined {
  const { result } = input;
  const at = operationAt(result.project, result.index, input.file, input.offset);
  if (!at) return undefined;
  const role = options.role ?? ADMIN;
  return { op: at.op, text: at.text, offset: at.offset, fileSpan: (span) => at.gql.fileSpan(span), role, schema: result.schemas?.schemaFor(role) };
}

/** What the cursor is on in a parsed operation. */
type Target =
  | { readonly kind: 'field'; readonly span: Span; readonly parent: GraphQLNamedType; readonly def: GraphQLField<unknown, unknown> }
  | { readonly kind: 'argument'; readonly span: Span; readonly field: GraphQLField<unknown, unknown>; readonly def: GraphQLArgument };

function targetAt(op: CollectedOperation, schema: RoleSchema, offset: number): Target | undefined {
  const typeInfo = new TypeInfo(schema.schema);
  let found: Target | undefined;
  const on = (loc: { start: number; end: number } | undefined): boolean => loc !== undefined && loc.start <= offset && offset <= loc.end;
  visit(
    op.doc,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const def = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (def && parent && on(node.name.loc)) found = { kind: 'field', span: { start: node.name.loc!.start, end: node.name.loc!.end }, parent, def };
      },
      Argument(node) {
        const def = typeInfo.getArgument();
        const field = typeInfo.getFieldDef();
        if (def && field && on(node.name.loc)) found = { kind: 'argument', span: { start: node.name.loc!.start, end: node.name.loc!.end }, field, def };
      },
    }),
  );
  return found;
}

/**
 * Hover inside a collection's query: on a field, its type, arguments, description and what makes it;
 * on an argument, its type and description; elsewhere in the operation, who can run it (each role,
 * and for each role that cannot, the first reason). Without a schema, it says so.
 */
export function operationHover(input: FeatureInput, options: OperationOptions = {}): HoverResult | undefined {
  const site = siteOf(input, options);
  if (!site) return undefined;
  const provider = input.result.schemas;
  if (!provider || !site.schema) {
    const unknownRole = provider && site.role !== ADMIN && provider.schemaFor(ADMIN) && !provider.roles.includes(site.role);
    const why = unknownRole
      ? `it is not a role of this metadata (setting graphqlMetadata.operationsRole; the roles are ${[ADMIN, ...provider.roles].join(', ')})`
      : (provider?.missing ?? 'no schema was made for this project');
    return {
      span: site.fileSpan({ start: site.offset, end: site.offset }),
      markdown: `No GraphQL schema for role \`${site.role}\`: ${why}. ${unknownRole ? 'Nothing is completed or explained in queries (they are still checked against admin).' : 'Operations are not checked and not completed.'}`,
    };
  }
  if (!site.op) return undefined;
  const target = targetAt(site.op, site.schema, site.offset);
  const note = `*In the schema of role \`${site.role}\`.*`;
  if (target?.kind === 'field') {
    const args = target.def.args.length > 0 ? `(${target.def.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : '';
    const origin = originOf(target.def);
    const parts = ['```graphql\n' + `${target.parent.name}.${target.def.name}${args}: ${String(target.def.type)}` + '\n```'];
    if (target.def.description) parts.push(target.def.description);
    if (origin) parts.push(describeOrigin(origin));
    parts.push(note);
    return { span: site.fileSpan(target.span), markdown: parts.join('\n\n') };
  }
  if (target?.kind === 'argument') {
    const parts = ['```graphql\n' + `${target.field.name}(${target.def.name}: ${String(target.def.type)})` + '\n```'];
    if (target.def.description) parts.push(target.def.description);
    parts.push(note);
    return { span: site.fileSpan(target.span), markdown: parts.join('\n\n') };
  }
  return { span: site.fileSpan(operationNameSpan(site.op)), markdown: whoCanRun(input.result, site.op) };
}

function operationNameSpan(op: CollectedOperation): Span {
  const loc = op.operation.name?.loc ?? op.operation.loc;
  return loc ? { start: loc.start, end: op.operation.name ? loc.end : loc.start } : { start: 0, end: 0 };
}

/** Who can run an operation: admin and every role whose schema validates it; the first reason of the others. */
function whoCanRun(result: RootResult, op: CollectedOperation): string {
  const provider = result.schemas!;
  const can: string[] = [];
  const cannot: string[] = [];
  const unknown: string[] = [];
  for (const role of [ADMIN, ...provider.roles]) {
    const schema = provider.schemaFor(role);
    if (!schema) {
      unknown.push(`\`${role}\``);
      continue;
    }
    const first = validateOperation(op.doc, schema)[0];
    if (first) cannot.push(`- \`${role}\`: ${roleReason(first, provider.schemaFor(ADMIN))}`);
    else can.push(`\`${role}\``);
  }
  const lines = [`**${describeQuery(op)}**`, '', `Can run it: ${can.length > 0 ? can.join(', ') : 'no role'}.`];
  if (cannot.length > 0) lines.push('', 'Cannot run it:', ...cannot);
  if (unknown.length > 0) lines.push('', `No schema for ${unknown.join(', ')}: not judged.`);
  return lines.join('\n');
}

function describeOrigin(origin: Origin): string {
  switch (origin.kind) {
    case 'column':
      return `Column \`${origin.name}\` of table \`${tableKey(origin.table)}\` (source \`${origin.source}\`).`;
    case 'relationship':
      return `Relationship \`${origin.name}\` of table \`${tableKey(origin.table)}\`.`;
    case 'computed_field':
      return `Computed field \`${origin.name}\` of table \`${tableKey(origin.table)}\`.`;
    case 'remote_relationship':
      return `Remote relationship \`${origin.name}\` of table \`${tableKey(origin.table)}\`.`;
    case 'root':
    case 'table':
      return `Table \`${tableKey(origin.table)}\` (source \`${origin.source}\`).`;
    case 'function':
      return `Function \`${tableKey(origin.function)}\` (source \`${origin.source}\`).`;
    case 'action':
      return `Action \`${origin.name}\`.`;
  }
}

const KINDS: Partial<Record<number, CompletionKind>> = {
  [CompletionItemKind.Field]: 'field',
  [CompletionItemKind.Variable]: 'variable',
  [CompletionItemKind.EnumMember]: 'enum',
  [CompletionItemKind.Enum]: 'enum',
  [CompletionItemKind.Function]: 'field',
  [CompletionItemKind.Constant]: 'enum',
};

/**
 * Completion inside a collection's query (an unfinished one too): fields, arguments, input fields,
 * enum values, variables and fragments of the chosen role's schema (graphql-language-service reads
 * the unfinished text). Undefined outside a query; empty without a schema.
 */
export function operationCompletion(input: FeatureInput, options: OperationOptions = {}): CompletionEntry[] | undefined {
  const site = siteOf(input, options);
  if (!site) return undefined;
  if (!site.schema) return [];
  const before = site.text.slice(0, site.offset);
  const line = before.split('\n').length - 1;
  const character = site.offset - (before.lastIndexOf('\n') + 1);
  let items: CompletionItem[];
  try {
    items = getAutocompleteSuggestions(site.schema.schema, site.text, { line, character } as never);
  } catch {
    return [];
  }
  const word = /[_A-Za-z][_0-9A-Za-z]*$/.exec(before)?.[0] ?? '';
  const variable = word === '' && before.endsWith('$');
  const span = site.fileSpan({ start: site.offset - word.length - (variable ? 1 : 0), end: site.offset });
  return items
    .filter((item) => !item.label.startsWith('__'))
    .map((item) => ({
      label: item.label,
      kind: (item.kind !== undefined ? KINDS[item.kind] : undefined) ?? 'field',
      insertText: item.label,
      span,
      ...(item.detail ? { detail: item.detail } : {}),
      ...(typeof item.documentation === 'string' && item.documentation ? { documentation: item.documentation } : {}),
    }));
}

/**
 * Go to definition from a field of a collection's query to what makes it: a column -> the migration
 * statement that creates it (else the table's file); a relationship, computed field or remote
 * relationship -> its entry in the table file; a root field -> the table; an action -> actions.yaml.
 * Undefined outside a query.
 */
export function operationDefinition(input: FeatureInput, options: OperationOptions = {}): Loc[] | undefined {
  const site = siteOf(input, options);
  if (!site) return undefined;
  if (!site.op || !site.schema) return [];
  const target = targetAt(site.op, site.schema, site.offset);
  const origin = target?.kind === 'field' ? originOf(target.def) : undefined;
  return origin ? originLocations(input.result, origin) : [];
}

function tableOf(result: RootResult, source: string, table: { schema: string; name: string }): TableFact | undefined {
  const key = tableKey(table);
  return result.index.tables.find((t) => t.source === source && t.key === key);
}

/** Where the metadata (or a migration) makes what a field comes from. */
function originLocations(result: RootResult, origin: Origin): Loc[] {
  if (origin.kind === 'action') return result.index.actions.filter((a) => a.name.name === origin.name).map((a) => a.name.loc);
  if (origin.kind === 'function') return [];
  const table = tableOf(result, origin.source, origin.table);
  switch (origin.kind) {
    case 'column': {
      const inSql = dbDefinition(result, {
        kind: 'column',
        source: origin.source,
        table: origin.table,
        column: origin.name,
        loc: { file: '', span: { start: 0, end: 0 } },
      });
      return inSql.length > 0 ? inSql : table ? [table.tableLoc] : [];
    }
    case 'relationship':
    case 'remote_relationship':
      return (table?.relationships ?? []).filter((r) => r.name.name === origin.name).map((r) => r.name.loc);
    case 'computed_field': {
      if (!table) return [];
      const walk = new Walk(result.project);
      return walk
        .items(walk.get(table.at, 'computed_fields'))
        .map((item) => walk.named(item))
        .filter((n) => n?.name === origin.name)
        .map((n) => n!.loc);
    }
    default:
      return table ? [table.tableLoc] : [];
  }
}

/**
 * References into the collections' operations: the fields that select the column under the cursor
 * (in a table file, with a database model). Relationships and actions are occurrences (occurrences.ts).
 */
export function operationColumnReferences(input: FeatureInput): Loc[] {
  const ref = dbRefAt(input);
  if (ref?.kind !== 'column') return [];
  const key = tableKey(ref.table);
  return selectedFields(input.result)
    .filter((f) => f.origin.kind === 'column' && f.origin.source === ref.source && tableKey(f.origin.table) === key && f.origin.name === ref.column)
    .map((f) => f.loc);
}
