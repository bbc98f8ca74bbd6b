import { Kind, parse } from 'graphql';
import type { DefinitionNode, DocumentNode } from 'graphql';
import type { Span } from '../diagnostics';
import type { Project } from '../project/project';
import { join } from '../util/paths';

/** What actions.graphql declares: the fields of Query/Mutation (the actions) and the custom types. */
export interface GraphqlDecl {
  readonly name: string;
  /** The span of the name. */
  readonly span: Span;
  /** The span of the whole definition (type, or field with its arguments and type). */
  readonly full: Span;
}

export interface ActionField extends GraphqlDecl {
  readonly operation: 'query' | 'mutation';
  /** The field's text as written, e.g. `login(params: LoginInput!): JWT`. */
  readonly signature: string;
}

export type TypeKind = 'objects' | 'input_objects' | 'enums' | 'scalars';

export interface CustomType extends GraphqlDecl {
  readonly kind: TypeKind;
}

export interface ActionsGraphql {
  readonly file: string;
  readonly fields: readonly ActionField[];
  readonly types: readonly CustomType[];
}

const cache = new WeakMap<object, ActionsGraphql | undefined>();

/** The parsed actions.graphql of a project (undefined when it is missing or does not parse). */
export function actionsGraphql(project: Project): ActionsGraphql | undefined {
  const file = project.files.get(join(project.root, 'actions.graphql'));
  if (!file) return undefined;
  if (!cache.has(file)) cache.set(file, read(file.path, file.text));
  return cache.get(file);
}

function read(path: string, text: string): ActionsGraphql | undefined {
  let doc: DocumentNode;
  try {
    doc = parse(text);
  } catch {
    return undefined;
  }
  const out = { file: path, fields: [] as ActionField[], types: [] as CustomType[] };
  for (const def of doc.definitions) collect(def, text, out);
  return out;
}

const TYPE_KINDS: Partial<Record<string, TypeKind>> = {
  [Kind.OBJECT_TYPE_DEFINITION]: 'objects',
  [Kind.INPUT_OBJECT_TYPE_DEFINITION]: 'input_objects',
  [Kind.ENUM_TYPE_DEFINITION]: 'enums',
  [Kind.SCALAR_TYPE_DEFINITION]: 'scalars',
};

function collect(def: DefinitionNode, text: string, out: { fields: ActionField[]; types: CustomType[] }): void {
  if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION && !TYPE_KINDS[def.kind]) return;
  const nameNode = 'name' in def ? def.name : undefined;
  if (!nameNode?.loc || !def.loc) return;
  const name = nameNode.value;
  const isRoot = name === 'Query' || name === 'Mutation';
  if (isRoot && 'fields' in def) {
    for (const field of def.fields ?? []) {
      if (!field.loc || !field.name.loc || !('type' in field)) continue;
      const full = { start: field.loc.start, end: field.loc.end };
      out.fields.push({ name: field.name.value, span: { start: field.name.loc.start, end: field.name.loc.end }, full, operation: name === 'Query' ? 'query' : 'mutation', signature: oneLine(text.slice(full.start, full.end)) });
    }
    return;
  }
  const kind = TYPE_KINDS[def.kind];
  if (kind && !isRoot) out.types.push({ name, kind, span: { start: nameNode.loc.start, end: nameNode.loc.end }, full: { start: def.loc.start, end: def.loc.end } });
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\(\s/g, '(').replace(/\s\)/g, ')').replace(/\s,/g, ',');
}
