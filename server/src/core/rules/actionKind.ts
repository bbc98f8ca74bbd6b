import { isScalar } from 'yaml';
import type { Finding } from '../diagnostics';
import { actionsSdl } from '../graphql/actionsSdl';
import type { SdlAction } from '../graphql/actionsSdl';
import { findPair, keySpan, spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { Loc, NamedEntry } from '../project/index/types';
import { closest } from '../util/closest';
import { finding, related } from './rule';

const MUTATION_KINDS: readonly string[] = ['synchronous', 'asynchronous'];
import type { Rule, RuleContext } from './rule';

/**
 * `kind` against the action's type, which actions.graphql decides (a field of `type Query` is a query).
 * The engine reads `kind` only for mutations, and there only `synchronous` / `asynchronous`: the `""`
 * the CLI writes for queries is an error on a mutation, as is any other string (`sync`), and
 * `asynchronous` is ignored on a query. Of a query, the engine never reads `kind` (Hasura/RQL/Types/
 * Action.hs, `FromJSON (ActionDefinition a b)`), so other strings there are not reported.
 */
export const actionKind: Rule = {
  codes: ['action-kind-invalid', 'action-async-query'],
  reads: ['actions', 'actionsGraphql'],
  check: (ctx) => {
    const sdl = actionsSdl(ctx.project);
    if (!sdl || sdl.error) return [];
    return ctx.index.actions.flatMap((action) => {
      const field = sdl.actions.find((f) => f.name === action.name.name);
      return field ? checkKind(ctx, action, field, sdl.file) : [];
    });
  },
};

function checkKind(ctx: RuleContext, action: NamedEntry, field: SdlAction, sdlFile: string): Finding[] {
  const definition = ctx.walk.get(action.at, 'definition');
  const pair = findPair(definition.node, 'kind');
  if (!pair) return [];
  const value = pair.value as YNode;
  const kind = isScalar(value) ? value.value : null;
  const loc: Loc = { file: definition.file, span: isScalar(value) && value.range && value.range[1] > value.range[0] ? spanOf(value) : keySpan(pair) };
  const fieldLoc = related({ file: sdlFile, span: field.span }, `\`${action.name.name}\` in actions.graphql`);
  const name = action.name.name;
  if (field.operation === 'mutation' && (kind === '' || kind === null)) {
    const message = `Action \`${name}\` is a mutation (a field of \`type Mutation\`), so its \`kind\` must be \`synchronous\` or \`asynchronous\`; the engine rejects an empty kind (the CLI writes \`""\` only for query actions).`;
    return [finding('action-kind-invalid', 'error', message, loc, { related: [fieldLoc], data: { action: name, kind, suggestion: 'synchronous' } })];
  }
  if (field.operation === 'mutation' && typeof kind === 'string' && !MUTATION_KINDS.includes(kind)) {
    const guess = closest(kind, MUTATION_KINDS) ?? 'synchronous';
    const message = `Action \`${name}\` is a mutation (a field of \`type Mutation\`): its \`kind\` is \`synchronous\` or \`asynchronous\`, not ${JSON.stringify(kind)}; the engine rejects it. Did you mean \`${guess}\`?`;
    return [finding('action-kind-invalid', 'error', message, loc, { related: [fieldLoc], data: { action: name, kind, suggestion: guess } })];
  }
  if (field.operation === 'query' && kind === 'asynchronous') {
    const message = `Action \`${name}\` is a query (a field of \`type Query\`): queries always run synchronously and the engine ignores \`asynchronous\`. Make it a field of \`type Mutation\` to run it asynchronously.`;
    return [finding('action-async-query', 'warning', message, loc, { related: [fieldLoc], data: { action: name } })];
  }
  return [];
}
