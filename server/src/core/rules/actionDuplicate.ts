import { actionsSdl } from '../graphql/actionsSdl';
import { duplicateNames } from './rule';
import type { Rule } from './rule';

/** Action names are unique: in actions.yaml, and across `type Query` and `type Mutation` in actions.graphql. */
export const actionDuplicate: Rule = {
  codes: ['action-duplicate'],
  reads: ['actions', 'actionsGraphql'],
  check: ({ project, index }) => {
    const sdl = actionsSdl(project);
    const fields = sdl && !sdl.error ? sdl.actions.map((f) => ({ name: f.name, loc: { file: sdl.file, span: f.span } })) : [];
    return [
      ...duplicateNames(
        'action-duplicate',
        'Action',
        index.actions.map((a) => a.name),
      ),
      ...duplicateNames('action-duplicate', 'In actions.graphql, action', fields),
    ];
  },
};
