import type { JsonObject, JsonValue } from './json';
import { isJsonObject, listOf, objectOf, stringOf, textOf } from './json';
import { CUSTOM_TYPE_ORDER } from './actionsBuild';

/**
 * actions.graphql as the CLI writes it (cli-ext `sdl to`, `getActionDefinitionSdl` and
 * `getTypesSdl`): one `type Query` / `type Mutation` block per action with its arguments on their own
 * lines, then the custom types (enums, input objects, objects, scalars), each block followed by a
 * blank line. No actions and no types give an empty file.
 */
export function actionsGraphql(actions: JsonValue | undefined, customTypes: JsonValue | undefined): string {
  const blocks = listOf(actions).filter(isJsonObject).map(actionBlock);
  const types = objectOf(customTypes);
  for (const kind of CUSTOM_TYPE_ORDER)
    blocks.push(
      ...listOf(types?.[kind])
        .filter(isJsonObject)
        .map((t) => typeBlock(kind, t)),
    );
  return blocks.join('');
}

function actionBlock(action: JsonObject): string {
  const definition = objectOf(action.definition) ?? {};
  const root = definition.type === 'query' ? 'Query' : 'Mutation';
  const field = { name: action.name ?? '', arguments: definition.arguments ?? [], type: definition.output_type ?? '' };
  return `type ${root} {\n${fieldLine(field)}\n}\n\n`;
}

function typeBlock(kind: string, type: JsonObject): string {
  const head = `${description(type)}`;
  const name = stringOf(type.name) ?? '';
  switch (kind) {
    case 'enums':
      return `${head}enum ${name} {\n${listOf(type.values)
        .filter(isJsonObject)
        .map((v) => `  ${description(v)}${textOf(v.value)}`)
        .join('\n')}\n}\n\n`;
    case 'input_objects':
      return `${head}input ${name} {\n${fields(type)}\n}\n\n`;
    case 'objects':
      return `${head}type ${name} {\n${fields(type)}\n}\n\n`;
    default:
      return `${head}scalar ${name}\n\n`;
  }
}

function fields(type: JsonObject): string {
  return listOf(type.fields).filter(isJsonObject).map(fieldLine).join('\n');
}

function fieldLine(field: JsonObject): string {
  const args = listOf(field.arguments).filter(isJsonObject);
  const argText = args.length === 0 ? '' : `(\n${args.map((a) => `    ${description(a)}${textOf(a.name)}: ${textOf(a.type)}`).join('\n')}\n  )`;
  return `  ${description(field)}${textOf(field.name)}${argText}: ${textOf(field.type)}`;
}

/** cli-ext `getEntityDescriptionSdl`: `""" text """ ` before the definition, when there is one. */
function description(entity: JsonObject): string {
  const text = entity.description;
  return typeof text === 'string' && text !== '' ? `""" ${text} """ ` : '';
}
