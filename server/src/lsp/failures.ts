import type { Finding } from '../core';

/** `Name: message` of a thrown value (with its stack when `stack` and it has one). */
export function describeError(error: unknown, stack = false): string {
  if (stack && error instanceof Error && error.stack !== undefined) return error.stack;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** The `check-failed` error published when work the language server does on its own threw (`file`: where it is shown). */
export function checkFailure(what: string, error: unknown, file: string): Finding {
  const message = `GraphQL Metadata could not finish ${what}: ${describeError(error)} (the stack is in the GraphQL Metadata output). The diagnostics shown may be out of date until the next check (edit or save a file); please report it.`;
  return { code: 'check-failed', severity: 'error', message, file, span: { start: 0, end: 0 } };
}
