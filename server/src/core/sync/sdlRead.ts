import { Kind, print } from 'graphql';
import type { DefinitionNode, EnumValueDefinitionNode, FieldDefinitionNode, InputValueDefinitionNode, StringValueNode, TypeNode } from 'graphql';
import type { Span } from '../diagnostics';
import type { CustomTypeKind } from '../graphql/actionsSdl';
import { parseGraphql } from '../graphql/parse';

/**
 * actions.graphql read the way the CLI's `sdl from` does (cli-ext `getAllActionsFromSdl` and
 * `getAllTypesFromSdl`): every field of `type Query` / `type Mutation` (or an `extend type` of them)
 * is an action; scalar, enum, input and object definitions are custom types.
 */

export interface SdlValue {
  readonly name: string;
  /** The type as written, e.g. `[String!]!` (empty for enum values). */
  readonly type: string;
  readonly description: string | null;
  readonly span: Span;
  readonly nameSpan: Span;
  readonly typeSpan: Span;
}

export interface SdlActionDef {
  readonly name: string;
  readonly operation: 'query' | 'mutation';
  readonly arguments: readonly SdlValue[];
  readonly outputType: string;
  readonly span: Span;
  readonly nameSpan: Span;
  readonly typeSpan: Span;
  /** The `Query` / `Mutation` name of the definition the field is in. */
  readonly rootSpan: Span;
}

export interface SdlTypeDef {
  readonly name: string;
  readonly kind: CustomTypeKind;
  /** Fields of objects and input objects; values of enums (`type` is empty). */
  readonly fields: readonly SdlValue[];
  readonly span: Span;
  readonly nameSpan: Span;
}

export interface SdlDefinitions {
  readonly actions: readonly SdlActionDef[];
  readonly types: readonly SdlTypeDef[];
}

const ROOTS: ReadonlyMap<string, SdlActionDef['operation']> = new Map([
  ['Query', 'query'],
  ['Mutation', 'mutation'],
]);
const KINDS: ReadonlyMap<string, CustomTypeKind> = new Map([
  [Kind.SCALAR_TYPE_DEFINITION, 'scalars'],
  [Kind.ENUM_TYPE_DEFINITION, 'enums'],
  [Kind.INPUT_OBJECT_TYPE_DEFINITION, 'input_objects'],
  [Kind.OBJECT_TYPE_DEFINITION, 'objects'],
]);

/** The definitions of actions.graphql; undefined when it does not parse. */
export function readSdlDefinitions(text: string): SdlDefinitions | undefined {
  const parsed = parseGraphql(text);
  if (!parsed.doc) return undefined;
  const actions: SdlActionDef[] = [];
  const types: SdlTypeDef[] = [];
  for (const def of parsed.doc.definitions) {
    const operation = rootOperation(def);
    if (operation) actions.push(...actionsOf(def, operation));
    else {
      const type = typeOf(def);
      if (type) types.push(type);
    }
  }
  return { actions, types };
}

function rootOperation(def: DefinitionNode): SdlActionDef['operation'] | undefined {
  if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION) return undefined;
  return ROOTS.get(def.name.value);
}

function actionsOf(def: DefinitionNode, operation: SdlActionDef['operation']): SdlActionDef[] {
  if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION) return [];
  return (def.fields ?? []).map((field) => ({
    name: field.name.value,
    operation,
    arguments: (field.arguments ?? []).map(valueOf),
    outputType: print(field.type),
    span: spanOf(field),
    nameSpan: spanOf(field.name),
    typeSpan: spanOf(field.type),
    rootSpan: spanOf(def.name),
  }));
}

function typeOf(def: DefinitionNode): SdlTypeDef | undefined {
  const kind = KINDS.get(def.kind);
  if (!kind || !('name' in def) || !def.name) return undefined;
  const base = { name: def.name.value, kind, span: spanOf(def), nameSpan: spanOf(def.name) };
  if (def.kind === Kind.ENUM_TYPE_DEFINITION) return { ...base, fields: (def.values ?? []).map(enumValueOf) };
  if (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) return { ...base, fields: (def.fields ?? []).map(valueOf) };
  return { ...base, fields: [] };
}

function valueOf(node: FieldDefinitionNode | InputValueDefinitionNode): SdlValue {
  return {
    name: node.name.value,
    type: print(node.type),
    description: descriptionOf(node.description),
    span: spanOf(node),
    nameSpan: spanOf(node.name),
    typeSpan: spanOf(node.type),
  };
}

function enumValueOf(node: EnumValueDefinitionNode): SdlValue {
  return {
    name: node.name.value,
    type: '',
    description: descriptionOf(node.description),
    span: spanOf(node),
    nameSpan: spanOf(node.name),
    typeSpan: spanOf(node.name),
  };
}

/**
 * A description as graphql-js reads it (the CLI's converter uses graphql-js): a block string's value
 * follows the spec's BlockStringValue (common indentation and blank first/last lines removed, the
 * spaces of `""" text """` kept); null when there is none.
 */
function descriptionOf(node: StringValueNode | undefined): string | null {
  return node ? node.value : null;
}

function spanOf(node: { loc?: { start: number; end: number } } | TypeNode): Span {
  return { start: node.loc?.start ?? 0, end: node.loc?.end ?? 0 };
}
