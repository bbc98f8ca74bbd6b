import { actionsSdl } from '../graphql/actionsSdl';
import { GRAPHQL_SCALARS, isEngineScalar } from '../graphql/scalars';
import { closest } from '../util/closest';
import { finding, related } from './rule';
import type { Rule } from './rule';

/**
 * A type actions.graphql refers to (argument, output or field type) is defined there, is a GraphQL
 * scalar, or is a Postgres type the engine provides. A warning: a database may have more base types.
 */
export const graphqlUnknownType: Rule = {
  codes: ['graphql-unknown-type'],
  reads: ['actionsGraphql'],
  check: ({ project }) => {
    const sdl = actionsSdl(project);
    if (!sdl || sdl.error) return [];
    const known = [...sdl.defined, ...GRAPHQL_SCALARS];
    return sdl.refs.flatMap((ref) => {
      if (sdl.defined.has(ref.name) || isEngineScalar(ref.name)) return [];
      const guess = closest(ref.name, known);
      const def = sdl.types.find((t) => t.name === guess);
      const message = `Type \`${ref.name}\` is not defined in actions.graphql, and it is neither a GraphQL scalar (Int, Float, String, Boolean, ID) nor a Postgres type the engine provides.${guess ? ` Did you mean \`${guess}\`?` : ''}`;
      return [
        finding(
          'graphql-unknown-type',
          'warning',
          message,
          { file: sdl.file, span: ref.span },
          {
            ...(def ? { related: [related({ file: sdl.file, span: def.span }, `\`${def.name}\` is defined here`)] } : {}),
            data: { type: ref.name, ...(guess ? { suggestion: guess } : {}) },
          },
        ),
      ];
    });
  },
};
