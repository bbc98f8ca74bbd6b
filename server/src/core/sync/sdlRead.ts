import { Kind, print } from 'graphql';
import type { EnumValueDefinitionNode, FieldDefinitionNode, InputValueDefinitionNode, StringValueNode, TypeNode } from 'graphql';
import type { Span } from '../diagnostics';
import { readActionsGraphql } from '../graphql/actionsSdl';
import type { CustomTypeKind, SdlDefinition } from '../graphql/actionsSdl';

/**
 * actions.graphql as the metadata build needs it (the CLI's `sdl from`), read by the one reader
 * (graphql/actionsSdl.ts: which definitions are actions and which custom types): each action's
 * arguments and output type as written, each type's fields or values with their descriptions.
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

/** The definitions of actions.graphql; undefined when it does not parse. */
export function readSdlDefinitions(text: string): SdlDefinitions | undefined {
  const read = readActionsGraphql(text);
  if (!read.ok) return undefined;
  const actions: SdlActionDef[] = [];
  const types: SdlTypeDef[] = [];
  for (const def of read.definitions) {
    if (def.role === 'root') actions.push(...actionsOf(def));
    else if (def.role === 'type') types.push(typeOf(def));
  }
  return { actions, types };
}

function actionsOf(def: Extract<SdlDefinition, { role: 'root' }>): SdlActionDef[] {
  const { node, operation } = def;
  return (node.fields ?? []).map((field) => ({
    name: field.name.value,
    operation,
    arguments: (field.arguments ?? []).map(valueOf),
    outputType: print(field.type),
    span: spanOf(field),
    nameSpan: spanOf(field.name),
    typeSpan: spanOf(field.type),
    rootSpan: spanOf(node.name),
  }));
}

function typeOf(def: Extract<SdlDefinition, { role: 'type' }>): SdlTypeDef {
  const { node, kind } = def;
  const base = { name: node.name.value, kind, span: spanOf(node), nameSpan: spanOf(node.name) };
  if (node.kind === Kind.ENUM_TYPE_DEFINITION) return { ...base, fields: (node.values ?? []).map(enumValueOf) };
  if (node.kind === Kind.OBJECT_TYPE_DEFINITION || node.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION)
    return { ...base, fields: (node.fields ?? []).map(valueOf) };
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
