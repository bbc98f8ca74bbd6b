import type { Finding } from '../diagnostics';
import { actionsSdl } from '../graphql/actionsSdl';
import type { ActionsSdl, SdlType } from '../graphql/actionsSdl';
import { yamlCustomTypes } from '../graphql/actionsYaml';
import type { YamlCustomType } from '../graphql/actionsYaml';
import { readTableRef, tableKey } from '../project/index/tableRef';
import type { At } from '../project/index/types';
import { closest } from '../util/closest';
import { finding, related } from './rule';
import type { Rule, RuleContext } from './rule';

/**
 * Relationships of custom object types (`custom_types.objects[].relationships`): the remote table is
 * tracked in its source (default `default`), and each `field_mapping` key is a field of the object
 * type in actions.graphql (the engine's ObjectRelationshipTableDoesNotExist / FieldDoesNotExist).
 */
export const actionRelationships: Rule = {
  codes: ['action-relationship-target-untracked', 'action-relationship-unknown-field'],
  reads: ['actions', 'actionsGraphql', 'sourceNames', 'tableKeys'],
  check: (ctx) => {
    const sdl = actionsSdl(ctx.project);
    const objects = yamlCustomTypes(ctx.project, ctx.walk).filter((t) => t.kind === 'objects');
    return objects.flatMap((type) => ctx.walk.items(ctx.walk.get(type.at, 'relationships')).flatMap((rel) => checkRelationship(ctx, type, rel, sdl)));
  },
};

function checkRelationship(ctx: RuleContext, type: YamlCustomType, rel: At, sdl: ActionsSdl | undefined): Finding[] {
  const relName = ctx.walk.named(rel)?.name ?? '?';
  const sdlType = sdl && !sdl.error ? sdl.types.find((t) => t.name === type.name.name && t.kind === 'objects') : undefined;
  return [...checkTarget(ctx, type, rel, relName), ...(sdlType && sdl ? checkFields(ctx, rel, relName, sdlType, sdl.file) : [])];
}

function checkTarget(ctx: RuleContext, type: YamlCustomType, rel: At, relName: string): Finding[] {
  const { walk, index } = ctx;
  const sourceNamed = walk.named(rel, 'source');
  const sourceName = sourceNamed?.name ?? 'default';
  const tableAt = walk.get(rel, 'remote_table');
  const table = readTableRef(walk, tableAt);
  const source = index.sourceNames.find((s) => s.name === sourceName);
  const what = `Relationship \`${relName}\` of \`${type.name.name}\``;
  if (!source) {
    const message = `${what} uses source \`${sourceName}\`${sourceNamed ? '' : ' (the default)'}, which databases.yaml does not define.`;
    return [
      finding('action-relationship-target-untracked', 'error', message, sourceNamed?.loc ?? walk.loc(tableAt.node ? tableAt : rel), {
        data: { source: sourceName },
      }),
    ];
  }
  if (!table || index.tableKeys.has(`${sourceName}\u0000${tableKey(table)}`)) return [];
  const message = `${what} points at table \`${tableKey(table)}\`, which source \`${sourceName}\` does not track.`;
  return [
    finding('action-relationship-target-untracked', 'error', message, walk.loc(tableAt), {
      related: [related(source.loc, `Source \`${sourceName}\``)],
      data: { schema: table.schema, name: table.name, source: sourceName },
    }),
  ];
}

function checkFields(ctx: RuleContext, rel: At, relName: string, type: SdlType, sdlFile: string): Finding[] {
  const names = type.fields.map((f) => f.name);
  return ctx.walk.entries(ctx.walk.get(rel, 'field_mapping')).flatMap(({ key, keyLoc }) => {
    if (names.includes(key)) return [];
    const guess = closest(key, names);
    const message = `Relationship \`${relName}\` maps \`${key}\`, which is not a field of \`type ${type.name}\` in actions.graphql.${guess ? ` Did you mean \`${guess}\`?` : ''}`;
    return [
      finding('action-relationship-unknown-field', 'error', message, keyLoc, {
        related: [related({ file: sdlFile, span: type.span }, `\`type ${type.name}\` in actions.graphql`)],
        data: { field: key, type: type.name, ...(guess ? { suggestion: guess } : {}) },
      }),
    ];
  });
}
