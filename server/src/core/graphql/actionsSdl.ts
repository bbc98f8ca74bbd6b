import { Kind } from 'graphql';
import type {
  DefinitionNode,
  EnumTypeDefinitionNode,
  FieldDefinitionNode,
  InputObjectTypeDefinitionNode,
  InputValueDefinitionNode,
  NameNode,
  ObjectTypeDefinitionNode,
  ObjectTypeExtensionNode,
  ScalarTypeDefinitionNode,
  TypeNode,
} from 'graphql';
import type { Span } from '../diagnostics';
import type { Project } from '../project/project';
import { join } from '../util/paths';
import { parseGraphql } from './parse';
import type { GraphqlSyntaxError } from './parse';

/** The custom type lists of actions.yaml, by the kind of definition actions.graphql gives. */
export type CustomTypeKind = 'objects' | 'input_objects' | 'enums' | 'scalars';

export interface SdlName {
  readonly name: string;
  /** The name's span in actions.graphql. */
  readonly span: Span;
}

/** A definition's name, and the span of all of it (type, or field with its arguments and type). */
export interface SdlDecl extends SdlName {
  readonly full: Span;
}

/** A field of `type Query` / `type Mutation` (or an `extend type` of them): an action. */
export interface SdlAction extends SdlDecl {
  readonly operation: 'query' | 'mutation';
  /** The field as written, on one line, e.g. `login(params: LoginInput!): JWT`. */
  readonly signature: string;
}

export interface SdlField extends SdlName {
  /** Whether the field's type is a list (somewhere in its wrapping). */
  readonly list: boolean;
}

export interface SdlType extends SdlDecl {
  readonly kind: CustomTypeKind;
  readonly fields: readonly SdlField[];
}

/**
 * What the CLI reads from actions.graphql (cli-ext `getAllActionsFromSdl` / `getAllTypesFromSdl`),
 * for rules and editor features alike: the file is parsed once per text.
 */
export interface ActionsSdl {
  readonly file: string;
  /** Set when the file does not parse; nothing else is known then. */
  readonly error?: GraphqlSyntaxError;
  readonly actions: readonly SdlAction[];
  readonly types: readonly SdlType[];
  /** Every name a definition introduces, whatever its kind (interfaces and unions too). */
  readonly defined: ReadonlySet<string>;
  /** Every named type a definition refers to: argument, output and field types. */
  readonly refs: readonly SdlName[];
  /** The names of the `Query` / `Mutation` definitions. */
  readonly roots: readonly SdlName[];
}

const ACTIONS_GRAPHQL = 'actions.graphql';
const ROOTS: ReadonlyMap<string, SdlAction['operation']> = new Map([
  ['Query', 'query'],
  ['Mutation', 'mutation'],
]);
const TYPE_KINDS: ReadonlyMap<string, CustomTypeKind> = new Map([
  [Kind.OBJECT_TYPE_DEFINITION, 'objects'],
  [Kind.INPUT_OBJECT_TYPE_DEFINITION, 'input_objects'],
  [Kind.ENUM_TYPE_DEFINITION, 'enums'],
  [Kind.SCALAR_TYPE_DEFINITION, 'scalars'],
]);

/**
 * A definition of actions.graphql as the CLI reads it (cli-ext `getAllActionsFromSdl` /
 * `getAllTypesFromSdl`): `type Query` / `type Mutation` (or an `extend type` of them), whose fields
 * are actions; a custom type (scalar, enum, input or object definition); or anything else.
 */
export type SdlDefinition =
  | { readonly role: 'root'; readonly node: ObjectTypeDefinitionNode | ObjectTypeExtensionNode; readonly operation: SdlAction['operation'] }
  | {
      readonly role: 'type';
      readonly node: ObjectTypeDefinitionNode | InputObjectTypeDefinitionNode | EnumTypeDefinitionNode | ScalarTypeDefinitionNode;
      readonly kind: CustomTypeKind;
    }
  | { readonly role: 'other'; readonly node: DefinitionNode };

/**
 * The one reader of actions.graphql: its definitions, each classified; the syntax error when it does
 * not parse. The facts below (rules, editor features) and the metadata build (sync/sdlRead.ts) read it.
 */
export function readActionsGraphql(
  text: string,
): { readonly ok: true; readonly definitions: readonly SdlDefinition[] } | { readonly ok: false; readonly error: GraphqlSyntaxError } {
  const parsed = parseGraphql(text);
  if (!parsed.doc) return { ok: false, error: parsed.error };
  return { ok: true, definitions: parsed.doc.definitions.map(classify) };
}

function classify(node: DefinitionNode): SdlDefinition {
  const operation = node.kind === Kind.OBJECT_TYPE_DEFINITION || node.kind === Kind.OBJECT_TYPE_EXTENSION ? ROOTS.get(node.name.value) : undefined;
  if (operation) return { role: 'root', node: node as ObjectTypeDefinitionNode | ObjectTypeExtensionNode, operation };
  const kind = TYPE_KINDS.get(node.kind);
  if (kind)
    return { role: 'type', node: node as ObjectTypeDefinitionNode | InputObjectTypeDefinitionNode | EnumTypeDefinitionNode | ScalarTypeDefinitionNode, kind };
  return { role: 'other', node };
}

/** The facts of a project's actions.graphql (undefined when there is no such file). Parsed once per text. */
export function actionsSdl(project: Project): ActionsSdl | undefined {
  const file = project.files.get(join(project.root, ACTIONS_GRAPHQL));
  return file ? cachedSdl(file.path, file.text) : undefined;
}

const CACHE_SIZE = 16;
const cache = new Map<string, ActionsSdl>();

function cachedSdl(path: string, text: string): ActionsSdl {
  const key = `${path}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const facts = readSdl(path, text);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, facts);
  return facts;
}

export function readSdl(file: string, text: string): ActionsSdl {
  const read = readActionsGraphql(text);
  if (!read.ok) return { file, error: read.error, actions: [], types: [], defined: new Set(), refs: [], roots: [] };
  return { file, ...collect(read.definitions, text) };
}

function collect(definitions: readonly SdlDefinition[], text: string): Omit<ActionsSdl, 'file' | 'error'> {
  const actions: SdlAction[] = [];
  const types: SdlType[] = [];
  const refs: SdlName[] = [];
  const roots: SdlName[] = [];
  const defined = new Set<string>();
  for (const def of definitions) {
    const name = nameOf(def.node);
    if (!name) continue;
    if (def.role === 'root') {
      const operation = def.operation;
      roots.push(named(name));
      actions.push(
        ...fieldsOf(def.node).map((f) => ({
          ...named(f.name),
          full: spanOf(f),
          operation,
          signature: oneLine(text.slice(f.loc?.start ?? 0, f.loc?.end ?? 0)),
        })),
      );
    } else {
      if (def.node.kind !== Kind.OBJECT_TYPE_EXTENSION && def.node.kind !== Kind.INPUT_OBJECT_TYPE_EXTENSION) defined.add(name.value);
      if (def.role === 'type')
        types.push({
          ...named(name),
          full: spanOf(def.node),
          kind: def.kind,
          fields: fieldsOf(def.node).map((f) => ({ ...named(f.name), list: isList(f.type) })),
        });
    }
    refs.push(...typeRefs(def.node));
  }
  return { actions, types, defined, refs, roots };
}

function nameOf(def: DefinitionNode): NameNode | undefined {
  return 'name' in def ? def.name : undefined;
}

type FieldLike = FieldDefinitionNode | InputValueDefinitionNode;

function fieldsOf(def: DefinitionNode): readonly FieldLike[] {
  return 'fields' in def && Array.isArray(def.fields) ? (def.fields as readonly FieldLike[]) : [];
}

function typeRefs(def: DefinitionNode): SdlName[] {
  return fieldsOf(def).flatMap((field) => [namedType(field.type), ...('arguments' in field ? (field.arguments ?? []).map((a) => namedType(a.type)) : [])]);
}

function namedType(type: TypeNode): SdlName {
  return type.kind === Kind.NAMED_TYPE ? named(type.name) : namedType(type.type);
}

function isList(type: TypeNode): boolean {
  return type.kind === Kind.LIST_TYPE || (type.kind === Kind.NON_NULL_TYPE && isList(type.type));
}

function named(node: NameNode): SdlName {
  return { name: node.value, span: spanOf(node) };
}

function spanOf(node: { readonly loc?: { readonly start: number; readonly end: number } }): Span {
  return { start: node.loc?.start ?? 0, end: node.loc?.end ?? 0 };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\(\s/g, '(').replace(/\s\)/g, ')').replace(/\s,/g, ',');
}
