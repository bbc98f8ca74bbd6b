import type { At, Loc, Named } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import type { Project } from '../project/project';
import { join } from '../util/paths';
import type { CustomTypeKind } from './actionsSdl';

const ACTIONS_YAML = 'actions.yaml';
const CUSTOM_TYPE_KINDS: readonly CustomTypeKind[] = ['enums', 'input_objects', 'objects', 'scalars'];

/** How actions.graphql spells each kind of custom type, for messages. */
export const SDL_KEYWORD: Readonly<Record<CustomTypeKind, string>> = { enums: 'enum', input_objects: 'input', objects: 'type', scalars: 'scalar' };

export interface YamlCustomType {
  readonly name: Named;
  /** The list it is in: `custom_types.<kind>`. */
  readonly kind: CustomTypeKind;
  readonly at: At;
}

/** The root node of actions.yaml (node undefined when the file is missing). */
function actionsYamlRoot(project: Project, walk: Walk): At {
  const path = join(project.root, ACTIONS_YAML);
  return walk.root(path) ?? { file: path, node: undefined };
}

/** The entries of `custom_types.enums / input_objects / objects / scalars` in actions.yaml. */
export function yamlCustomTypes(project: Project, walk: Walk): YamlCustomType[] {
  const customTypes = walk.get(actionsYamlRoot(project, walk), 'custom_types');
  return CUSTOM_TYPE_KINDS.flatMap((kind) =>
    walk.items(walk.get(customTypes, kind)).flatMap((at) => {
      const name = walk.named(at);
      return name ? [{ name, kind, at }] : [];
    }),
  );
}

/** Where to point related information in actions.yaml: the `actions:` key, else the file start; undefined without the file. */
export function actionsYamlLoc(project: Project, walk: Walk): Loc | undefined {
  const root = actionsYamlRoot(project, walk);
  if (!project.files.has(root.file)) return undefined;
  const entry = walk.entries(root).find((e) => e.key === 'actions');
  return entry ? entry.keyLoc : { file: root.file, span: { start: 0, end: 0 } };
}
