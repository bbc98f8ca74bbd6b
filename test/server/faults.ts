import { isObj } from './args';

/** Faults queued by POST /_test/faults, each applied to the next N API requests. */

export type FaultMode = 'slow' | 'drop' | 'html' | 'truncated' | '500' | 'redirect';

export interface Fault {
  mode: FaultMode;
  delayMs: number;
  location: string;
  status: number;
}

const MODES: FaultMode[] = ['slow', 'drop', 'html', 'truncated', '500', 'redirect'];

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
  const status = typeof value.status === 'number' ? value.status : mode === 'redirect' ? 307 : mode === 'html' ? 502 : 500;
  return { ok: true, fault: { mode, delayMs, location, status }, count };
}

export class FaultQueue {
  private queue: Fault[] = [];

  add(fault: Fault, count: number): number {
    for (let i = 0; i < count; i++) this.queue.push(fault);
    return this.queue.length;
  }

  next(): Fault | undefined {
    return this.queue.shift();
  }

  clear(): void {
    this.queue = [];
  }
}
