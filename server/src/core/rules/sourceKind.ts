import { closest } from '../util/closest';
import { finding, related } from './rule';
import type { Rule } from './rule';

/** The kinds the engine knows without any agent (`Hasura/RQL/Types/BackendType.hs`, `backendTextNames`). */
const BUILT_IN_KINDS: readonly string[] = ['postgres', 'pg', 'citus', 'cockroach', 'mssql', 'bigquery'];

/**
 * A source `kind` that is neither a built-in kind nor a declared data connector, but close to one:
 * a typo (`postres`) that the engine fails on ("Data connector named … was not found"). A name close
 * to none is left alone: deployments can provide agents outside the metadata.
 */
export const sourceKindUnknown: Rule = {
  codes: ['source-kind-unknown'],
  // A source's kind lives in databases.yaml, which is all that makes sourceNames a new object.
  reads: ['sourceNames', 'dataConnectors'],
  check: (ctx) => {
    const declared = new Map(ctx.index.dataConnectors.map((c) => [c.name, c.loc]));
    const known = [...BUILT_IN_KINDS, ...declared.keys()];
    return ctx.index.sources.flatMap((source) => {
      const kindAt = ctx.walk.get(source.at, 'kind');
      const kind = ctx.walk.text(kindAt);
      if (kind === undefined || known.includes(kind)) return [];
      const suggestion = closest(kind, known);
      if (suggestion === undefined) return [];
      const declaredAt = declared.get(suggestion);
      const message = `\`${kind}\` is not a database kind the engine knows nor a data connector declared in backend_configs.yaml. Did you mean \`${suggestion}\`?`;
      return [
        finding('source-kind-unknown', 'error', message, ctx.walk.loc(kindAt), {
          data: { kind, suggestion },
          ...(declaredAt ? { related: [related(declaredAt, `Data connector \`${suggestion}\``)] } : {}),
        }),
      ];
    });
  },
};
