/**
 * The subset of `fetch` the client uses, so that any implementation can be injected
 * (Node's global fetch, VS Code's, a test double). The global `fetch` satisfies it.
 */
export interface FetchInit {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  redirect: 'manual';
  signal: AbortSignal;
}

export interface FetchResponseLike {
  status: number;
  statusText: string;
  /** `opaqueredirect` in browsers for a manual redirect (status 0). */
  type?: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;
