// Runs a child process and measures its wall time and peak resident set size.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** GNU time; BENCH_GNU_TIME=/nonexistent measures without it (the /proc fallback). */
const GNU_TIME = process.env.BENCH_GNU_TIME ?? '/usr/bin/time';

/**
 * Spawns `command args`, returns { wallMs, cpuMs, peakRssKb, code, stdout, stderr }. Peak RSS and
 * CPU time (user + system) come from GNU time (`-f '%M %U %S'`) when installed; without it, peak
 * RSS from polling /proc/PID/status (VmHWM) and no CPU time.
 */
export function measure(command, args, { cwd, env, timeoutMs = 30 * 60_000 } = {}) {
  const useTime = existsSync(GNU_TIME);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gem-bench-time-'));
  const rssFile = path.join(dir, 'rss');
  const [cmd, argv] = useTime ? [GNU_TIME, ['-f', '%M %U %S', '-o', rssFile, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => err.push(b));
    let polled = 0;
    const poll = useTime ? undefined : setInterval(() => (polled = Math.max(polled, peakRssKb(child.pid) ?? 0)), 10);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      // GNU time's last line (a line before it says when the command exited non-zero).
      const [rss, user, system] = useTime && existsSync(rssFile) ? readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number) : [polled];
      rmSync(dir, { recursive: true, force: true });
      const cpuMs = user === undefined ? undefined : Math.round((user + system) * 1000);
      resolve({
        wallMs,
        cpuMs,
        peakRssKb: rss,
        code: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}

/** VmHWM (peak RSS, KB) of a live process, or undefined where /proc is not there. */
export function peakRssKb(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
