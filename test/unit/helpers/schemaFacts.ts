import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildClientSchema, buildSchema, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType } from 'graphql';
import type { GraphQLNamedType, GraphQLSchema, IntrospectionQuery } from 'graphql';
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
  leaveOutRootFields: readonly string[] = [],
): Set<string> {
  const facts = new Set<string>();
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name, schema.getSubscriptionType()?.name]);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || leaveOut(type)) continue;
    if (['Int', 'Float', 'String', 'Boolean', 'ID'].includes(type.name)) continue;
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
        if (roots.has(type.name) && leaveOutRootFields.includes(field.name)) continue;
        facts.add(`field ${type.name}.${field.name}: ${String(field.type)}`);
        for (const arg of field.args) facts.add(`arg ${type.name}.${field.name}(${arg.name}): ${String(arg.type)}`);
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
 * The types only root fields in `rootFields` reach (remote schemas' fields): left out of the
 * comparison, with those root fields.
 */
export function reachedOnlyFrom(schema: GraphQLSchema, rootFields: readonly string[]): Set<string> {
  const reach = (skip: boolean): Set<string> => {
    const seen = new Set<string>();
    const visit = (type: GraphQLNamedType): void => {
      if (seen.has(type.name)) return;
      seen.add(type.name);
      if (isObjectType(type) || isInterfaceType(type))
        for (const f of Object.values(type.getFields())) {
          visit(getNamedType(f.type));
          for (const a of f.args) visit(getNamedType(a.type));
        }
      if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) visit(getNamedType(f.type));
      if (isUnionType(type)) for (const t of type.getTypes()) visit(t);
    };
    for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
      if (!root) continue;
      seen.add(root.name);
      for (const f of Object.values(root.getFields())) {
        if (skip && rootFields.includes(f.name)) continue;
        visit(getNamedType(f.type));
        for (const a of f.args) visit(getNamedType(a.type));
      }
    }
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
