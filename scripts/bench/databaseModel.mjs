// The language server with a database model loaded (issue 14 §7): the generated project gets a SQL
// migration that creates exactly its tables, columns and foreign keys, so the database rules have a
// model and judge every table. Over LSP with the real server, once with `database.mode` off and once
// with `migrations`: edit -> diagnostics latency server side (the `editMs` of each ready), the
// server's responsiveness while the model is built (round trips of a cheap request every 20 ms: a
// blocked event loop shows as a long one), and the server's RSS before the build and after it.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateProject } from './generate.mjs';
import { projectFiles } from './gen/project.mjs';
import { table } from './report.mjs';
import { EDIT_GAP_MS, measureServer } from './server.mjs';
import { round, summary } from './stats.mjs';

const TIMESTAMP = /(_at)$/;
const NUMERIC = new Set(['amount', 'price', 'weight', 'score', 'rating']);
const INTEGER = new Set(['id', 'quantity', 'position']);

function columnType(name) {
  if (INTEGER.has(name) || name.endsWith('_id')) return 'integer';
  if (TIMESTAMP.test(name)) return 'timestamptz';
  if (NUMERIC.has(name)) return 'numeric';
  if (name === 'is_archived') return 'boolean';
  if (name === 'metadata') return 'jsonb';
  return 'text';
}

/** The foreign keys a table's columns imply: org_id, owner_id and user_id by name, parent_id to its parent. */
function foreignKeys(t, byName) {
  const fks = [];
  for (const c of t.columns) {
    const target = c === 'org_id' ? 'organizations' : c === 'owner_id' || c === 'user_id' ? 'users' : c === 'parent_id' ? t.parent?.name : undefined;
    if (target !== undefined && byName.has(target)) fks.push(`FOREIGN KEY (${c}) REFERENCES public.${target} (id)`);
  }
  return fks;
}

/**
 * One migration creating the generated tables: `id` the primary key, every column, the foreign keys
 * (created after all tables, parents may come later), `organization_settings.org_id` unique (the
 * object relationship `settings` points at it).
 */
export function migrationSql(tables) {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const creates = tables.map((t) => {
    const columns = t.columns.map(
      (c) => `  ${c} ${columnType(c)}${c === 'id' ? ' PRIMARY KEY' : ''}${t.name === 'organization_settings' && c === 'org_id' ? ' UNIQUE' : ''}`,
    );
    return `CREATE TABLE public.${t.name} (\n${columns.join(',\n')}\n);`;
  });
  const keys = tables.flatMap((t) => foreignKeys(t, byName).map((fk) => `ALTER TABLE public.${t.name} ADD ${fk};`));
  return `${creates.join('\n')}\n${keys.join('\n')}\n`;
}

/** The generated project of `tables` tables with its migration, in its own folder (the other benches check it without one). */
export function projectWithMigrations(cacheDir, tables, seed) {
  const folder = path.join(cacheDir, `gen-db-n${tables}-s${seed}`);
  const info = generateProject(folder, { tables, seed });
  const migration = path.join(folder, 'migrations/default/1700000000000_init/up.sql');
  mkdirSync(path.dirname(migration), { recursive: true });
  writeFileSync(migration, migrationSql(projectFiles(tables, seed).tables));
  return { folder, root: info.root, tableRel: info.tableFile, tables };
}

/** VmRSS (current resident memory, KB) of a live process. */
function rssKb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const lastStatus = (client) => client.notifications.findLast((n) => n.method === 'graphqlMetadata/status')?.params;

/** The statuses of the databases of the last status notification. */
function databaseStatuses(client) {
  return (lastStatus(client)?.roots ?? []).flatMap((r) => r.databases ?? []).map((d) => `${d.source}: ${d.status}`);
}

/**
 * After the first ready of a server in migrations mode: RSS, then pings every 20 ms until the model
 * is in (a ready whose statuses say `from migrations`), RSS again once the server is idle.
 */
async function duringBuild(client, timeoutMs) {
  const pid = client.process.pid;
  const rssBeforeKb = rssKb(pid);
  const started = performance.now();
  const pings = [];
  // The model is in once a ready (the re-check it triggers is done) lists it.
  const built = () => lastStatus(client)?.state === 'ready' && databaseStatuses(client).some((s) => /from migrations/.test(s));
  while (!built()) {
    if (performance.now() - started > timeoutMs) throw new Error('the database model was not built in time');
    const sent = performance.now();
    await client.connection.sendRequest('graphqlMetadata/listRoots', {});
    pings.push({ sent, ms: performance.now() - sent });
    await delay(20);
  }
  // The build ends with the first status that lists the model; the re-check it triggers comes after.
  const builtAt =
    client.notifications.find(
      (n) => n.method === 'graphqlMetadata/status' && (n.params.roots ?? []).some((r) => (r.databases ?? []).some((d) => /from migrations/.test(d.status))),
    )?.at ?? performance.now();
  const during = pings.filter((p) => p.sent + p.ms <= builtAt).map((p) => p.ms);
  const recheck = pings.filter((p) => p.sent + p.ms > builtAt).map((p) => p.ms);
  // A moment for the server to settle (the child's IPC buffers freed).
  await delay(1000);
  return {
    statuses: databaseStatuses(client),
    buildMs: round(builtAt - started),
    recheckMs: round(performance.now() - 1000 - builtAt),
    rssBeforeKb,
    rssAfterKb: rssKb(pid),
    pings: summary(during),
    pingsOver50: during.filter((ms) => ms > 50).length,
    recheckPings: recheck.length > 0 ? summary(recheck) : undefined,
  };
}

/** Edits with the model off and with it loaded (built from the migration, in the server's child process). */
export async function measureWithModel(
  repo,
  cacheDir,
  { tables = 1000, seed = 1, edits = 30, idleEdits = 3, kinds = ['table', 'table-typo'], timeoutMs = 10 * 60_000, log = () => {} } = {},
) {
  const project = projectWithMigrations(cacheDir, tables, seed);
  const run = (mode) =>
    measureServer(repo, project.folder, project.root, {
      edits: kinds,
      tableRel: project.tableRel,
      count: edits,
      timeoutMs,
      settings: (section) => (section === 'graphqlMetadata' ? { database: { mode } } : {}),
      ...(mode === 'migrations' ? { afterReady: (client) => duringBuild(client, timeoutMs), idleEdits } : {}),
    });
  log(`generated N=${tables} with its migration: language server, database off`);
  const off = await run('off');
  log(`generated N=${tables} with its migration: language server, model from the migration`);
  const on = await run('migrations');
  const serverSide = (r) => Object.fromEntries(Object.entries(r.edits).map(([kind, e]) => [kind, e.serverSide]));
  const client = (r) => Object.fromEntries(Object.entries(r.edits).map(([kind, e]) => [kind, e.client]));
  return {
    tables,
    edits,
    load: os.loadavg().map((l) => round(l)),
    off: { client: client(off), serverSide: serverSide(off), errors: off.errors, warnings: off.warnings },
    on: { client: client(on), serverSide: serverSide(on), errors: on.errors, warnings: on.warnings, afterIdle: on.afterIdle, ...on.afterReady },
  };
}

export function modelTable(m) {
  const mb = (kb) => `${Math.round(kb / 1024)} MB`;
  const pair = (s) => (s ? `${s.median} / ${s.p95} ms` : '-');
  const rows = Object.keys(m.off.serverSide).map((kind) => [
    `${kind} x${m.edits}`,
    pair(m.off.client?.[kind]),
    pair(m.off.serverSide[kind]),
    pair(m.on.client?.[kind]),
    pair(m.on.serverSide[kind]),
  ]);
  if (m.on.afterIdle)
    rows.push([
      `table x${m.on.afterIdle.client.n}, each ${m.on.afterIdle.gapMs} ms after the last`,
      '-',
      '-',
      pair(m.on.afterIdle.client),
      pair(m.on.afterIdle.serverSide),
    ]);
  const edits = table(
    [
      `edit (median / p95; load ${m.load?.join(' ') ?? '?'})`,
      'database off: client',
      'server side',
      'model loaded: client (didChange -> diagnostics)',
      'server side',
    ],
    rows,
  );
  const build = table(
    [
      'tables',
      'model',
      'build (server view)',
      'pings during build (median / p95 / max)',
      'pings > 50 ms',
      'longest ping in the re-check after',
      'server RSS before / after build',
    ],
    [
      [
        String(m.tables),
        m.on.statuses.join('; '),
        `${m.on.buildMs} ms`,
        `${m.on.pings.median} / ${m.on.pings.p95} / ${m.on.pings.max} ms (${m.on.pings.n})`,
        String(m.on.pingsOver50),
        m.on.recheckPings ? `${m.on.recheckPings.max} ms` : '-',
        `${mb(m.on.rssBeforeKb)} / ${mb(m.on.rssAfterKb)}`,
      ],
    ],
  );
  return `${edits}\n${build}`;
}

/** The first check with the model, sliced (pings that ended after the build was announced). */
function recheckTarget(pings) {
  const target = 'event loop in the first re-check with the model (longest ping)';
  if (!pings) return { target, value: undefined, limit: '<= 50 ms', pass: 'n/a' };
  return { target, value: `${pings.max} ms`, limit: '<= 50 ms', pass: pings.max <= 50 ? 'yes' : 'NO' };
}

export function modelTargets(m) {
  const p95 = Math.max(...Object.values(m.on.serverSide).map((s) => s.p95));
  const clientP95 = Math.max(...Object.values(m.on.client ?? {}).map((s) => s.p95));
  const growth = (m.on.rssAfterKb - m.on.rssBeforeKb) / 1024;
  return [
    {
      target: `keystroke -> diagnostics p95 as a client sees it, model loaded (N=${m.tables}, edits ${EDIT_GAP_MS} ms apart)`,
      value: `${clientP95} ms`,
      limit: '<= 50 ms',
      pass: clientP95 <= 50 ? 'yes' : 'NO',
    },
    ...(m.on.afterIdle
      ? [
          {
            target: `keystroke -> diagnostics as a client sees it, ${m.on.afterIdle.gapMs} ms after the last (the GraphQL schemas made again meanwhile), max`,
            value: `${m.on.afterIdle.client.max} ms`,
            limit: '<= 50 ms',
            pass: m.on.afterIdle.client.max <= 50 ? 'yes' : 'NO',
          },
        ]
      : []),
    { target: `edit -> diagnostics p95 server side, model loaded (N=${m.tables})`, value: `${p95} ms`, limit: '<= 20 ms', pass: p95 <= 20 ? 'yes' : 'NO' },
    {
      target: 'event loop during the model build (longest ping; p95)',
      value: `${m.on.pings.max} ms; ${m.on.pings.p95} ms`,
      limit: '<= 50 ms',
      pass: m.on.pings.max <= 50 ? 'yes' : 'NO',
    },
    recheckTarget(m.on.recheckPings),
    { target: 'server RSS after the model build - before', value: `${round(growth)} MB`, limit: '<= 50 MB', pass: growth <= 50 ? 'yes' : 'NO' },
  ];
}
