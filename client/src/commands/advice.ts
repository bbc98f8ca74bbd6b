/** The extension's next step for a failed request, appended to the API module's message. Pure: no vscode. */
import type { Advice } from '../../../common/api/errors';

const SET_SECRET_COMMAND = "'GraphQL Metadata: Set Admin Secret'";

const SECRET_ADVICE = {
  missing: `Set it with the command ${SET_SECRET_COMMAND}.`,
  rejected: `Set the right one with the command ${SET_SECRET_COMMAND}.`,
  refused: `Set the admin secret with the command ${SET_SECRET_COMMAND}.`,
} as const;

export const extensionAdvice: Advice = (error) => {
  if (error.kind === 'access-denied') return SECRET_ADVICE[error.secret ?? 'refused'];
  if (error.kind === 'not-admin') return 'Check the graphqlMetadata.server.dialect setting and the role header name.';
  return undefined;
};
