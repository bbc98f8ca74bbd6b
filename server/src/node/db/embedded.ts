import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ReplyAssembly, wireJob } from './protocol';
import type { WorkerReply, WorkerRequest, WorkerStats } from './protocol';
import type { ApplyJob, ApplyResult } from './runner';

/**
 * Runs one source's migrations in the embedded Postgres, in a child process (worker.ts) that exits
 * when it is done: the language server never loads PGlite and gets its memory back. A child that
 * crashes, disconnects or runs past the timeout is a clear reason, never a hang.
 */
interface EmbeddedOptions {
  /** The child's script (default: dist/dbWorker.js next to the bundle, else worker.js next to this file). */
  readonly workerPath?: string;
  /** Default 180 s. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Node options for the child (default CHILD_EXEC_ARGV). */
  readonly execArgv?: readonly string[];
}

type EmbeddedOutcome = { readonly ok: true; readonly result: ApplyResult; readonly stats: WorkerStats } | { readonly ok: false; readonly reason: string };

const DEFAULT_TIMEOUT_MS = 180_000;
/**
 * WebAssembly compiled by the baseline compiler only: PGlite's code runs for seconds, not long
 * enough for the optimizing tier to pay off. Measured on 5stackgg (610 files): child CPU 10.0 s ->
 * 6.6 s, peak RSS 539 -> 450 MB. The JavaScript heap stays small (the database lives in wasm
 * memory), so the default heap limit is enough.
 */
const CHILD_EXEC_ARGV: readonly string[] = ['--liftoff-only'];
const STDERR_TAIL = 600;

function defaultWorkerPath(): string {
  const bundled = path.join(__dirname, 'dbWorker.js');
  return fs.existsSync(bundled) ? bundled : path.join(__dirname, 'worker.js');
}

export function runEmbedded(job: ApplyJob, options: EmbeddedOptions = {}): Promise<EmbeddedOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ ok: false, reason: 'cancelled' });
      return;
    }
    let stderr = '';
    let settled = false;
    const child = fork(options.workerPath ?? defaultWorkerPath(), [], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      execArgv: [...(options.execArgv ?? CHILD_EXEC_ARGV)],
    });
    const finish = (outcome: EmbeddedOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(outcome);
    };
    const onAbort = (): void => finish({ ok: false, reason: 'cancelled' });
    const timer = setTimeout(() => finish({ ok: false, reason: `the embedded Postgres took longer than ${timeoutMs / 1000} s` }), timeoutMs);
    options.signal?.addEventListener('abort', onAbort);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const assembly = new ReplyAssembly();
    // A part is taken in this turn; the next is asked for in the check phase after it, so it can only arrive in a later turn.
    const next: WorkerRequest = { type: 'next' };
    const askNext = (): void => {
      if (!settled && child.connected) child.send(next, () => undefined);
    };
    child.on('message', (message: WorkerReply) => {
      const reply = assembly.reply(message);
      if (reply === undefined) setImmediate(askNext);
      else if (reply.type === 'done') finish({ ok: true, result: reply.result, stats: reply.stats });
      else if (reply.type === 'error') finish({ ok: false, reason: reply.message });
    });
    child.on('error', (error) => finish({ ok: false, reason: `the embedded Postgres could not be started: ${error.message}` }));
    // 'close', not 'exit': it comes after the IPC channel is read to its end (a large reply may still be arriving at 'exit').
    child.on('close', (code, signal) => {
      const last = stderr.trim().split('\n').filter(Boolean).pop();
      finish({
        ok: false,
        reason: `the embedded Postgres stopped (${signal !== null ? `signal ${signal}` : `exit code ${code}`})${last !== undefined ? `: ${last}` : ''}`,
      });
    });
    const request: WorkerRequest = { type: 'apply', job: wireJob(job) };
    child.send(request, (error) => {
      if (error) finish({ ok: false, reason: `the embedded Postgres could not be given its job: ${error.message}` });
    });
  });
}
