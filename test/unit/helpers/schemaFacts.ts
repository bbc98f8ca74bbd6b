import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  printType,
} from 'graphql';
import type { GraphQLNamedType, GraphQLSchema, GraphQLType, IntrospectionQuery } from 'graphql';
import { parse } from 'yaml';
import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import type { DatabaseModels } from '../../../server/src/core/db/model';
import { ParseCache } from '../../../server/src/core/project/cache';
import { buildDatabaseModels } from '../../../server/src/node/db/index';
import { createNodeHost } from '../../../server/src/node/fsHost';

/** ../shared/schemas beside the repository: real projects with the schema their engine served. */
export const SCHEMAS = path.resolve(__dirname, '../../../../../shared/schemas');

/**
 * A schema as a set of facts, each a line: `type T OBJECT`, `field T.f: [X!]!`, `arg T.f(a): X`,
 * `value E.V`. What the engine's introspection says about types, fields, arguments and enum values
 * (descriptions, defaults and directives are not facts here).
 */
export function schemaFacts(
  schema: GraphQLSchema,
  leaveOut: (type: GraphQLNamedType) => boolean = () => false,
  leaveOutFields: readonly string[] = [],
  minified = false,
): Set<string> {
  const facts = new Set<string>();
  // A schema shrunk by urql's minifier has only object types; every other type reads `Any`.
  const show = (type: GraphQLType): string => {
    if (!minified) return String(type);
    if (isNonNullType(type)) return `${show(type.ofType)}!`;
    if (isListType(type)) return `[${show(type.ofType)}]`;
    return isObjectType(type) ? type.name : 'Any';
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || leaveOut(type)) continue;
    if (['Int', 'Float', 'String', 'Boolean', 'ID'].includes(type.name)) continue;
    if (minified && !isObjectType(type)) continue;
    const kind = isObjectType(type)
      ? 'OBJECT'
      : isInputObjectType(type)
        ? 'INPUT_OBJECT'
        : isEnumType(type)
          ? 'ENUM'
          : isInterfaceType(type)
            ? 'INTERFACE'
            : isUnionType(type)
              ? 'UNION'
              : 'SCALAR';
    facts.add(`type ${type.name} ${kind}`);
    if (isObjectType(type) || isInterfaceType(type))
      for (const field of Object.values(type.getFields())) {
        if (leaveOutFields.includes(`${type.name}.${field.name}`)) continue;
        facts.add(`field ${type.name}.${field.name}: ${show(field.type)}`);
        for (const arg of field.args) facts.add(`arg ${type.name}.${field.name}(${arg.name}): ${show(arg.type)}`);
      }
    if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) facts.add(`field ${type.name}.${field.name}: ${String(field.type)}`);
    if (isEnumType(type)) for (const value of type.getValues()) facts.add(`value ${type.name}.${value.name}`);
  }
  return facts;
}

/** The expected schema of a ../shared/schemas project: SDL or the introspection JSON. */
export function expectedSchema(project: string): GraphQLSchema {
  const dir = path.join(SCHEMAS, project, 'expected');
  const file = path.join(dir, fs.readdirSync(dir)[0] ?? '');
  const text = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.json')) {
    const json = JSON.parse(text) as { data?: IntrospectionQuery } & IntrospectionQuery;
    return buildClientSchema(json.data ?? json);
  }
  return buildSchema(text, { assumeValid: true, assumeValidSDL: true });
}

/**
 * The types only the fields at `coordinates` (`query_root.health`, `users.stripeData`: remote
 * schemas' root fields and remote relationships) reach: left out of the comparison, with those fields.
 */
export function reachedOnlyFrom(schema: GraphQLSchema, coordinates: readonly string[]): Set<string> {
  const reach = (skip: boolean): Set<string> => {
    const seen = new Set<string>();
    const visit = (type: GraphQLNamedType): void => {
      if (seen.has(type.name)) return;
      seen.add(type.name);
      if (isObjectType(type) || isInterfaceType(type))
        for (const f of Object.values(type.getFields())) {
          if (skip && coordinates.includes(`${type.name}.${f.name}`)) continue;
          visit(getNamedType(f.type));
          for (const a of f.args) visit(getNamedType(a.type));
        }
      if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) visit(getNamedType(f.type));
      if (isUnionType(type)) for (const t of type.getTypes()) visit(t);
    };
    for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) if (root) visit(root);
    return seen;
  };
  const withAll = reach(false);
  const without = reach(true);
  return new Set([...withAll].filter((t) => !without.has(t)));
}

export interface FactComparison {
  readonly expected: number;
  readonly matched: number;
  readonly missing: string[];
  readonly extra: string[];
}

export function compareFacts(expected: ReadonlySet<string>, generated: ReadonlySet<string>): FactComparison {
  const missing = [...expected].filter((f) => !generated.has(f)).sort();
  const extra = [...generated].filter((f) => !expected.has(f)).sort();
  return { expected: expected.size, matched: expected.size - missing.length, missing, extra };
}

/** A schemas project checked (its metadata folder per config.yaml) and its database models built from its migrations. */
export async function loadSchemasProject(project: string): Promise<{ result: RootResult; models: DatabaseModels; statuses: string[] }> {
  const dir = path.join(SCHEMAS, project);
  const config = parse(fs.readFileSync(path.join(dir, 'config.yaml'), 'utf8')) as { metadata_directory?: string } | null;
  const root = path.join(dir, config?.metadata_directory ?? 'metadata');
  const sourcesList: unknown = parse(fs.readFileSync(path.join(root, 'databases/databases.yaml'), 'utf8'));
  const sources = (Array.isArray(sourcesList) ? sourcesList : []).map((s: { name?: unknown; kind?: unknown }) => ({
    name: String(s.name),
    kind: String(s.kind),
  }));
  const cacheDir = path.join(os.tmpdir(), 'gem-schema-truth-cache');
  const builds = await buildDatabaseModels(root, sources, { cacheDir, mode: 'migrations' });
  const models = new Map(builds.flatMap((b) => (b.model ? [[b.source, b.model] as const] : [])));
  const result = checkRoot(root, { host: createNodeHost(), cache: new ParseCache(), databases: () => models });
  return { result, models, statuses: builds.map((b) => `${b.source}: ${b.status}`) };
}

export interface TruthOptions {
  /** Fields of the committed schema that cannot be derived offline (remote schemas, remote relationships), as `Type.field`. */
  readonly leaveOut?: readonly string[];
  /** The committed schema was shrunk by urql's minifier: only object types, every other type `Any`. */
  readonly minified?: boolean;
}

/** The committed schema of a project against a generated one, fact by fact. */
export function compareWithExpected(project: string, generated: GraphQLSchema, options: TruthOptions = {}): FactComparison {
  const expected = expectedSchema(project);
  const leaveOut = options.leaveOut ?? [];
  const only = reachedOnlyFrom(expected, leaveOut);
  const expectedFacts = schemaFacts(expected, (t) => only.has(t.name), leaveOut, options.minified === true);
  return compareFacts(
    expectedFacts,
    schemaFacts(generated, () => false, [], options.minified === true),
  );
}

/** How many of the committed schema's descriptions (of the elements both schemas have) the generated one writes the same. */
export function compareDescriptions(project: string, generated: GraphQLSchema): { readonly compared: number; readonly same: number } {
  const describe = (schema: GraphQLSchema): Map<string, string> => {
    const out = new Map<string, string>();
    const norm = (d: string | null | undefined): string => (d ?? '').replace(/\s+/g, ' ').trim();
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      out.set(type.name, norm(type.description));
      if (isObjectType(type) || isInterfaceType(type))
        for (const field of Object.values(type.getFields())) {
          out.set(`${type.name}.${field.name}`, norm(field.description));
          for (const arg of field.args) out.set(`${type.name}.${field.name}(${arg.name})`, norm(arg.description));
        }
      if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) out.set(`${type.name}.${field.name}`, norm(field.description));
      if (isEnumType(type)) for (const value of type.getValues()) out.set(`${type.name}.${value.name}`, norm(value.description));
    }
    return out;
  };
  const expected = describe(expectedSchema(project));
  const ours = describe(generated);
  let compared = 0;
  let same = 0;
  for (const [key, text] of expected) {
    const mine = ours.get(key);
    if (mine === undefined) continue;
    compared++;
    if (mine === text) same++;
  }
  return { compared, same };
}

/**
 * The SDL of a remote schema as the committed schema shows it: the root fields at `coordinates`
 * (under `Query` and `Mutation`) and the types only they reach.
 */
export function remoteSdl(schema: GraphQLSchema, coordinates: readonly string[]): string {
  const only = reachedOnlyFrom(schema, coordinates);
  const roots: [string, string | undefined][] = [
    ['Query', schema.getQueryType()?.name],
    ['Mutation', schema.getMutationType()?.name],
  ];
  const parts: string[] = [];
  for (const [name, root] of roots) {
    const type = root === undefined ? undefined : schema.getType(root);
    if (!type || !isObjectType(type)) continue;
    const fields = Object.values(type.getFields()).filter((f) => coordinates.includes(`${type.name}.${f.name}`));
    if (fields.length === 0) continue;
    const text = fields.map(
      (f) => `  ${f.name}${f.args.length > 0 ? `(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : ''}: ${String(f.type)}`,
    );
    parts.push(`type ${name} {\n${text.join('\n')}\n}`);
  }
  for (const name of [...only].sort()) {
    const type = schema.getType(name);
    if (type) parts.push(printType(type));
  }
  return `${parts.join('\n\n')}\n`;
}
