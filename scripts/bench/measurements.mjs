// One function per measurement of a project; each returns plain JSON for the report.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure } from './proc.mjs';
import { selfTimeByArea, topSelfTime } from './profile.mjs';
import { median, round } from './stats.mjs';

/** Wall and CPU time over repeated runs: the median, and the best (the least disturbed by other load). */
function times(results) {
  const cpu = results.map((r) => r.cpuMs).filter((x) => x !== undefined);
  return {
    wallMs: round(median(results.map((r) => r.wallMs))),
    bestWallMs: round(Math.min(...results.map((r) => r.wallMs))),
    ...(cpu.length > 0 ? { cpuMs: median(cpu), bestCpuMs: Math.min(...cpu) } : {}),
    peakRssKb: Math.max(...results.map((r) => r.peakRssKb)),
  };
}

const node = process.execPath;

/** Cold `check --format json` as a fresh process, `runs` times: median wall time, max peak RSS. */
export async function coldCheck(repo, target, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = await measure(node, [path.join(repo, 'dist/cli.js'), 'check', target.root, '--format', 'json'], { cwd: repo });
    if (r.code !== 0 && r.code !== 1) throw new Error(`check of ${target.name} exited ${r.code}: ${r.stderr.slice(0, 500)}`);
    results.push(r);
  }
  const summary = JSON.parse(results[0].stdout).summary;
  return { runs, ...times(results), exitCode: results[0].code, ...summary };
}

/**
 * The yaml package alone on the same files, as a fresh process per mode, with the heap setting the
 * checker's processes use (server/src/node/heap.ts), so the ratio compares the work alone.
 */
export async function yamlFloor(repo, target, runs) {
  const out = {};
  for (const mode of ['document', 'parser', 'lexer']) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await measure(node, ['--no-allocation-site-pretenuring', path.join(repo, 'scripts/bench/yamlFloor.mjs'), target.root, mode], { cwd: repo });
      if (r.code !== 0) throw new Error(`yaml floor (${mode}) of ${target.name} exited ${r.code}: ${r.stderr.slice(0, 500)}`);
      results.push({ ...r, ...JSON.parse(r.stdout) });
    }
    out[mode] = {
      ...times(results),
      parseMs: round(median(results.map((r) => r.parseMs))),
      bestParseMs: round(Math.min(...results.map((r) => r.parseMs))),
      readMs: round(median(results.map((r) => r.readMs))),
      files: results[0].files,
    };
  }
  return out;
}

/** In-process edit timings of the core and the server's workspace (scripts/bench/coreEdits.mjs). */
export async function coreEdits(repo, target, edits, kinds) {
  const r = await measure(
    node,
    ['--max-old-space-size=8192', path.join(repo, 'scripts/bench/coreEdits.mjs'), target.root, target.tableRel, String(edits), kinds.join(',')],
    { cwd: repo },
  );
  if (r.code !== 0) throw new Error(`core edits of ${target.name} exited ${r.code}: ${r.stderr.slice(0, 1000)}`);
  return { ...JSON.parse(r.stdout), peakRssKb: r.peakRssKb };
}

/** `node --cpu-prof` of one cold check: the top self-time functions and the time per area. */
export async function cpuProfile(repo, target, top = 10) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gem-bench-prof-'));
  try {
    await new Promise((resolve, reject) => {
      const child = spawn(node, ['--cpu-prof', '--cpu-prof-dir', dir, path.join(repo, 'dist/cli.js'), 'check', target.root, '--format', 'json'], {
        stdio: 'ignore',
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    const file = path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.cpuprofile')),
    );
    return { target: target.name, top: topSelfTime(file, top), byArea: selfTimeByArea(file) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
