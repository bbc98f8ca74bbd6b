/** The engine's error value (`QErr`): status, code, message, JSON path, optional internal. */
export class QErr extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly path: string = '$',
    readonly internal?: unknown,
  ) {
    super(message);
  }

  /** The body as the engine encodes it: `{path, error, code[, internal]}`. */
  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { path: this.path, error: this.message, code: this.code };
    if (this.internal !== undefined) body.internal = this.internal;
    return body;
  }

  withPath(path: string): QErr {
    return new QErr(this.status, this.code, this.message, path, this.internal);
  }
}

export const err400 = (code: string, message: string, path = '$.args', internal?: unknown): QErr => new QErr(400, code, message, path, internal);

/** `"<text>"`: the engine's `<<>` quoting. */
export const dquote = (text: string): string => `"${text}"`;
