import { actionsSdl } from '../graphql/actionsSdl';
import { finding } from './rule';
import type { Rule } from './rule';

/** actions.graphql must parse: the CLI builds the actions from it (with graphql-js, as here). */
export const actionsGraphqlSyntax: Rule = {
  codes: ['graphql-syntax'],
  reads: ['actionsGraphql'],
  check: ({ project }) => {
    const sdl = actionsSdl(project);
    if (!sdl?.error) return [];
    const detail = sdl.error.message.replace(/^Syntax Error: /, '');
    return [finding('graphql-syntax', 'error', `GraphQL syntax error: ${detail}`, { file: sdl.file, span: sdl.error.span })];
  },
};
