/**
 * Every request handler runs inside {@link guard}: an exception becomes an error response (code
 * RequestFailed, a message naming the request) and a logged stack, never a dead process or a
 * silent failure. A `ResponseError` the handler throws on purpose (a refused rename, a cancellation)
 * goes to the client unchanged and is not logged as a failure.
 */
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { describeError } from './failures';

/** Where the stack of a failed request is written (the connection's console: the client's output channel). */
interface GuardLog {
  error(message: string): void;
}

type Guard = <A extends unknown[], R>(method: string, handler: (...args: A) => R | PromiseLike<R>) => (...args: A) => Promise<R>;

/** The response a client gets for a handler that threw `error`. */
function failedRequest(method: string, error: unknown): ResponseError<void> {
  return new ResponseError(
    LSPErrorCodes.RequestFailed,
    `GraphQL Metadata could not answer ${method}: ${describeError(error)} (the stack is in the GraphQL Metadata output).`,
  );
}

export function createGuard(log: GuardLog): Guard {
  return (method, handler) =>
    async (...args) => {
      try {
        return await handler(...args);
      } catch (error) {
        if (error instanceof ResponseError) throw error;
        log.error(`${method} failed: ${describeError(error, true)}`);
        throw failedRequest(method, error);
      }
    };
}
