/**
 * One AbortController per request, aborted by a timeout or by an outer signal; it remembers
 * which of the two fired so that errors can say "timed out after N ms" or "cancelled".
 */
export interface RequestAbort {
  signal: AbortSignal;
  reason(): 'timeout' | 'cancelled' | undefined;
  dispose(): void;
}

export function createRequestAbort(timeoutMs: number, outer: (AbortSignal | undefined)[]): RequestAbort {
  const controller = new AbortController();
  let reason: 'timeout' | 'cancelled' | undefined;
  const cancel = (): void => {
    reason ??= 'cancelled';
    controller.abort();
  };
  const signals = outer.filter((s): s is AbortSignal => s !== undefined);
  for (const s of signals) {
    if (s.aborted) cancel();
    else s.addEventListener('abort', cancel, { once: true });
  }
  const timer =
    timeoutMs > 0 && reason === undefined
      ? setTimeout(() => {
          reason ??= 'timeout';
          controller.abort();
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    reason: () => reason,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', cancel);
    },
  };
}
