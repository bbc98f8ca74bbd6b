import type { Loc } from '../project/index/types';
import { closest } from '../util/closest';
import { finding, related } from './rule';
import type { Rule, RuleContext } from './rule';

/** The kinds the engine knows without any agent (`Hasura/RQL/Types/BackendType.hs`, `backendTextNames`). */
export const BUILT_IN_KINDS: readonly string[] = ['postgres', 'pg', 'citus', 'cockroach', 'mssql', 'bigquery'];

/** The data connector agents backend_configs.yaml declares (`dataconnector: {<name>: {uri}}`), with where. */
function declaredConnectors({ project, walk }: RuleContext): Map<string, Loc> {
  const root = walk.root(`${project.root}/backend_configs.yaml`);
  const out = new Map<string, Loc>();
  if (!root) return out;
  for (const entry of walk.entries(walk.get(root, 'dataconnector'))) out.set(entry.key, entry.keyLoc);
  return out;
}

/**
 * A source `kind` that is neither a built-in kind nor a declared data connector, but close to one:
 * a typo (`postres`) that the engine fails on ("Data connector named … was not found"). A name close
 * to none is left alone: deployments can provide agents outside the metadata.
 */
export const sourceKindUnknown: Rule = {
  codes: ['source-kind-unknown'],
  check: (ctx) => {
    const declared = declaredConnectors(ctx);
    const known = [...BUILT_IN_KINDS, ...declared.keys()];
    return ctx.index.sources.flatMap((source) => {
      const kindAt = ctx.walk.get(source.at, 'kind');
      const kind = ctx.walk.text(kindAt);
      if (kind === undefined || known.includes(kind)) return [];
      const suggestion = closest(kind, known);
      if (suggestion === undefined) return [];
      const declaredAt = declared.get(suggestion);
      const message = `\`${kind}\` is not a database kind the engine knows nor a data connector declared in backend_configs.yaml. Did you mean \`${suggestion}\`?`;
      return [finding('source-kind-unknown', 'error', message, ctx.walk.loc(kindAt), { data: { kind, suggestion }, ...(declaredAt ? { related: [related(declaredAt, `Data connector \`${suggestion}\``)] } : {}) })];
    });
  },
};
