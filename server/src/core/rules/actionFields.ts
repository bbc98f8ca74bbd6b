import type { Finding } from '../diagnostics';
import { actionsSdl } from '../graphql/actionsSdl';
import type { ActionsSdl, SdlAction } from '../graphql/actionsSdl';
import { actionsYamlLoc } from '../graphql/actionsYaml';
import type { Loc, NamedEntry } from '../project/index/types';
import { closest } from '../util/closest';
import { finding, related } from './rule';
import type { Rule, RuleContext } from './rule';

/**
 * Every action of actions.yaml is a field of `type Query` / `type Mutation` in actions.graphql, and the
 * other way round (the CLI stops with "action X is not present in actions.graphql"; a field without an
 * entry is sent with no handler).
 */
export const actionFields: Rule = {
  codes: ['action-not-in-graphql', 'action-not-in-yaml'],
  reads: ['actions', 'actionsGraphql'],
  check: (ctx) => {
    const sdl = actionsSdl(ctx.project);
    if (sdl?.error) return [];
    const inYaml = new Set(ctx.index.actions.map((a) => a.name.name));
    const inSdl = new Set(sdl?.actions.map((f) => f.name));
    const unmatchedFields = (sdl?.actions ?? []).filter((f) => !inYaml.has(f.name));
    const unmatchedActions = ctx.index.actions.filter((a) => !inSdl.has(a.name.name));
    return [
      ...unmatchedActions.map((action) => notInGraphql(action, sdl, unmatchedFields)),
      ...(sdl ? unmatchedFields.map((field) => notInYaml(ctx, field, sdl, unmatchedActions)) : []),
    ];
  },
};

function notInGraphql(action: NamedEntry, sdl: ActionsSdl | undefined, fields: readonly SdlAction[]): Finding {
  const name = action.name.name;
  if (!sdl) {
    const message = `Action \`${name}\` needs a field \`${name}\` in \`type Query\` or \`type Mutation\` of actions.graphql, and there is no actions.graphql.`;
    return finding('action-not-in-graphql', 'error', message, action.name.loc, { data: { action: name } });
  }
  const guess = closest(
    name,
    fields.map((f) => f.name),
  );
  const field = fields.find((f) => f.name === guess);
  const message = `Action \`${name}\` is not a field of \`type Query\` or \`type Mutation\` in actions.graphql; the CLI stops with "action ${name} is not present in actions.graphql".${guess ? ` Did you mean \`${guess}\`?` : ''}`;
  const target: Loc = field ? { file: sdl.file, span: field.span } : rootLoc(sdl);
  return finding('action-not-in-graphql', 'error', message, action.name.loc, {
    related: [related(target, field ? `Field \`${field.name}\` in actions.graphql` : 'The actions of actions.graphql')],
    data: { action: name, ...(guess ? { suggestion: guess } : {}) },
  });
}

function notInYaml(ctx: RuleContext, field: SdlAction, sdl: ActionsSdl, actions: readonly NamedEntry[]): Finding {
  const guess = closest(
    field.name,
    actions.map((a) => a.name.name),
  );
  const entry = actions.find((a) => a.name.name === guess);
  const root = field.operation === 'query' ? 'Query' : 'Mutation';
  const message = `\`${field.name}\` of \`type ${root}\` has no entry in actions.yaml, so the CLI sends this action without a handler, which the engine rejects (\`handler\` is required).${guess ? ` Did you mean \`${guess}\`?` : ''}`;
  const target = entry ? entry.name.loc : actionsYamlLoc(ctx.project, ctx.walk);
  return finding(
    'action-not-in-yaml',
    'error',
    message,
    { file: sdl.file, span: field.span },
    {
      ...(target ? { related: [related(target, entry ? `Action \`${entry.name.name}\` in actions.yaml` : 'The actions of actions.yaml')] } : {}),
      data: { action: field.name, operation: field.operation, ...(guess ? { suggestion: guess } : {}) },
    },
  );
}

function rootLoc(sdl: ActionsSdl): Loc {
  return { file: sdl.file, span: sdl.roots[0]?.span ?? { start: 0, end: 0 } };
}
