import { isObj } from './args';

/**
 * Faults queued by POST /_test/faults, each applied to the next N API requests (to the next N
 * requests on `path` when it is given, e.g. `/v1/metadata`, so that a request to another route,
 * such as an editor's background config check, does not use it up).
 */

export type FaultMode = 'slow' | 'drop' | 'html' | 'truncated' | '500' | '401' | '409' | 'redirect';

export interface Fault {
  mode: FaultMode;
  delayMs: number;
  location: string;
  status: number;
  /** Only requests on this path (without the query) take the fault; undefined: any API request. */
  path?: string;
}

const MODES: FaultMode[] = ['slow', 'drop', 'html', 'truncated', '500', '401', '409', 'redirect'];

const DEFAULT_STATUS: Partial<Record<FaultMode, number>> = { redirect: 307, html: 502, '401': 401, '409': 409 };

export type FaultParse = { ok: true; fault: Fault; count: number } | { ok: false; message: string };

export function parseFault(value: unknown): FaultParse {
  if (!isObj(value) || typeof value.mode !== 'string' || !MODES.includes(value.mode as FaultMode)) {
    return { ok: false, message: `mode must be one of ${MODES.join(', ')}` };
  }
  const mode = value.mode as FaultMode;
  const count = typeof value.count === 'number' && value.count > 0 ? Math.floor(value.count) : 1;
  const delayMs = typeof value.delayMs === 'number' ? value.delayMs : 1000;
  const location = typeof value.location === 'string' ? value.location : '';
  if (mode === 'redirect' && location === '') return { ok: false, message: 'redirect needs a location' };
  if (value.path !== undefined && (typeof value.path !== 'string' || !value.path.startsWith('/'))) return { ok: false, message: 'path must start with /' };
  const status = typeof value.status === 'number' ? value.status : (DEFAULT_STATUS[mode] ?? 500);
  const fault: Fault = { mode, delayMs, location, status };
  if (typeof value.path === 'string') fault.path = value.path;
  return { ok: true, fault, count };
}

export class FaultQueue {
  private queue: Fault[] = [];

  add(fault: Fault, count: number): number {
    for (let i = 0; i < count; i++) this.queue.push(fault);
    return this.queue.length;
  }

  /** The first queued fault for a request on `path` (query ignored), taken off the queue. */
  next(path: string): Fault | undefined {
    const bare = path.split('?')[0];
    const index = this.queue.findIndex((f) => f.path === undefined || f.path === bare);
    return index < 0 ? undefined : this.queue.splice(index, 1)[0];
  }

  clear(): void {
    this.queue = [];
  }
}
