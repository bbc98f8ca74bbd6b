// The human-readable report: a table per topic, and the targets with the measured ratios.

const mb = (kb) => (kb ? `${Math.round(kb / 1024)} MB` : '-');
const ms = (x) => (x === undefined || Number.isNaN(x) ? '-' : x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);
const ratio = (a, b) => (a && b ? Math.round((100 * a) / b) / 100 : undefined);

export function table(headers, rows) {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === undefined ? '-' : String(c))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const pair = (a, b) => `${ms(a)} / ${ms(b)}`;

export function checkTable(results) {
  return table(
    [
      'project',
      'files',
      'size',
      'check wall',
      'check CPU',
      'check RSS',
      'err/warn',
      'yaml doc wall',
      'doc CPU',
      'CST wall',
      'lex wall',
      'check/doc wall',
      'check/doc CPU',
    ],
    results.map((r) => [
      r.name,
      r.files,
      `${(r.bytes / 1e6).toFixed(1)} MB`,
      pair(r.check?.wallMs, r.check?.bestWallMs),
      ms(r.check?.cpuMs),
      mb(r.check?.peakRssKb),
      r.check ? `${r.check.errors}/${r.check.warnings}` : '-',
      pair(r.floor?.document.wallMs, r.floor?.document.bestWallMs),
      ms(r.floor?.document.cpuMs),
      ms(r.floor?.parser.bestWallMs),
      ms(r.floor?.lexer.bestWallMs),
      ratio(r.check?.bestWallMs, r.floor?.document.bestWallMs),
      ratio(r.check?.cpuMs, r.floor?.document.cpuMs),
    ]),
  );
}

export function serverTable(results) {
  return table(
    [
      'project',
      'ready',
      'RSS',
      'restart: ready without / with parse store (store size)',
      'yaml-ls',
      'yaml-ls RSS',
      'yaml-ls diagnostics',
      'yaml-ls / check wall',
      'yaml-ls / our ready',
    ],
    results.map((r) => [
      r.name,
      r.server ? pair(r.server.initializeToReadyMs, r.server.best_initializeToReadyMs) : '-',
      mb(r.server?.peakRssKb),
      r.restart ? `${ms(r.restart.withoutStoreMs)} / ${ms(r.restart.withStoreMs)} (${r.restart.storeMb} MB)` : '-',
      r.peer ? pair(r.peer.wallMs, r.peer.best_wallMs) : '-',
      mb(r.peer?.peakRssKb),
      r.peer?.diagnostics,
      ratio(r.peer?.best_wallMs, r.check?.bestWallMs),
      ratio(r.peer?.best_wallMs, r.server?.best_initializeToReadyMs),
    ]),
  );
}

export function floorTable(results) {
  return table(
    ['project', 'doc parse (in-process)', 'CST parse', 'lex', 'read files', 'check wall', 'check / doc parse'],
    results
      .filter((r) => r.floor)
      .map((r) => [
        r.name,
        ms(r.floor.document.bestParseMs),
        ms(r.floor.parser.bestParseMs),
        ms(r.floor.lexer.bestParseMs),
        ms(r.floor.document.readMs),
        ms(r.check?.bestWallMs),
        ratio(r.check?.bestWallMs, r.floor.document.bestParseMs),
      ]),
  );
}

export function editTable(results) {
  const rows = [];
  for (const r of results) {
    for (const [kind, lsp] of Object.entries(r.server?.edits ?? {})) {
      const core = r.core?.edits[kind];
      rows.push([
        r.name,
        kind,
        lsp.toReady.n,
        lsp.load ?? '-',
        lsp.client ? `${ms(lsp.client.median)} / ${ms(lsp.client.p95)}` : '-',
        `${ms(lsp.toReady.median)} / ${ms(lsp.toReady.p95)}`,
        lsp.serverSide?.n ? `${ms(lsp.serverSide.median)} / ${ms(lsp.serverSide.p95)}` : '-',
        core ? core.session.n : '-',
        core ? `${ms(core.session.median)} / ${ms(core.session.p95)}` : '-',
        core ? `${ms(core.fullCheckRoot.median)}` : '-',
        core ? `${ms(core.workspaceChanged.median)} / ${ms(core.workspaceChanged.p95)}` : '-',
      ]);
    }
  }
  return table(
    [
      'project',
      'edit',
      'LSP n',
      'load',
      'client: didChange -> diagnostics med/p95',
      'to ready med/p95',
      'server side med/p95',
      'core n',
      'core check med/p95',
      'full checkRoot med',
      'workspace.changed med/p95',
    ],
    rows,
  );
}

/** Fast typing (a burst of keystrokes) and a cold start with a file open (typing.mjs). */
export function typingTable(results) {
  const rows = results
    .filter((r) => r.server?.burst || r.startUp)
    .map((r) => {
      const b = r.server?.burst;
      const s = r.startUp;
      return [
        r.name,
        b ? `${b.keystrokes} x ${b.gapMs} ms` : '-',
        b?.rechecks,
        b?.queuedBehindRunning,
        ms(b?.lastKeystrokeToReadyMs),
        s ? `${ms(s.openFileDiagnosticsMs)} / ${ms(s.best_openFileDiagnosticsMs)}` : '-',
        ms(s?.serverLoadedMs),
        r.startUpFirst ? `${ms(r.startUpFirst.openFileDiagnosticsMs)} / ${ms(r.startUpFirst.serverLoadedMs)}` : '-',
        ms(s?.readyMs),
        ms(s?.aheadOfReadyMs),
        s ? (s.firstEqualsFinal ? 'yes' : 'no') : '-',
      ];
    });
  return table(
    [
      'project',
      'burst',
      're-checks',
      'queued behind running',
      'last key to ready',
      'start: open file diagnostics med/best',
      'of which server loaded',
      'first start, no code cache: open file / loaded',
      'start: ready',
      'ahead of ready',
      'same as final',
    ],
    rows,
  );
}

export function profileTable(profile) {
  return [
    table(
      ['function (self time)', 'ms', '%'],
      profile.top.map((t) => [t.function, t.selfMs, t.share]),
    ),
    table(
      ['area (self time)', 'ms', '%'],
      profile.byArea.map((t) => [t.area, t.selfMs, t.share]),
    ),
  ].join('\n\n');
}

/** The targets (informational: the benchmark measures, it does not fail on them). */
export function targets(results) {
  const at = (n) => results.find((r) => r.kind === 'generated' && r.tables === n);
  const k1 = at(1000);
  const k10 = at(10_000);
  const row = (what, value, limit, pass, unit = '') => ({
    target: what,
    value: value === undefined ? undefined : `${value}${unit}`,
    limit,
    pass: value === undefined ? 'n/a' : pass === null ? '-' : pass(value) ? 'yes' : 'NO',
  });
  const p95 = (kind) => k1?.core?.edits[kind]?.session.p95;
  const lsp95 = (kind) => k1?.server?.edits[kind]?.client?.p95;
  const server95 = (kind) => k1?.server?.edits[kind]?.serverSide?.p95;
  return [
    row('1k cold check / yaml parse (process wall, best)', ratio(k1?.check?.bestWallMs, k1?.floor?.document.bestWallMs), '<= 1.3', (v) => v <= 1.3, 'x'),
    row('1k cold check / yaml parse (process CPU)', ratio(k1?.check?.cpuMs, k1?.floor?.document.cpuMs), '<= 1.3', (v) => v <= 1.3, 'x'),
    row('1k yaml-language-server / cold check (wall, best)', ratio(k1?.peer?.best_wallMs, k1?.check?.bestWallMs), '>= 2', (v) => v >= 2, 'x'),
    row('1k edit p95, core check, table file', p95('table'), '< 20 ms', (v) => v < 20, ' ms'),
    row('1k edit p95, core check, query_collections', p95('collections'), '< 20 ms', (v) => v < 20, ' ms'),
    row('1k keystroke -> diagnostics p95 as a client sees it, table file (no model)', lsp95('table'), '<= 50 ms', (v) => v <= 50, ' ms'),
    row('1k keystroke -> diagnostics p95 as a client sees it, query_collections (no model)', lsp95('collections'), '<= 50 ms', (v) => v <= 50, ' ms'),
    row('1k burst of 20 keystrokes 30 ms apart: re-checks queued behind the running one', k1?.server?.burst?.queuedBehindRunning, '<= 1', (v) => v <= 1),
    row('1k cold start: open file diagnostics after spawn (median)', k1?.startUp?.openFileDiagnosticsMs, '<= 300 ms', (v) => v <= 300, ' ms'),
    row(
      '1k first start after an install (no code cache): open file diagnostics (median)',
      k1?.startUpFirst?.openFileDiagnosticsMs,
      'for reference',
      null,
      ' ms',
    ),
    row("1k cold start: open file diagnostics ahead of the project's check", k1?.startUp?.aheadOfReadyMs, '> 0 ms', (v) => v > 0, ' ms'),
    row('1k edit p95, LSP server side, table file', server95('table'), '< 20 ms', (v) => v < 20, ' ms'),
    row('1k edit p95, LSP server side, query_collections', server95('collections'), '< 20 ms', (v) => v < 20, ' ms'),
    row('10k / 1k cold check (wall, best)', ratio(k10?.check?.bestWallMs, k1?.check?.bestWallMs), '<= 11', (v) => v <= 11, 'x'),
    row('10k / 1k cold check (CPU)', ratio(k10?.check?.cpuMs, k1?.check?.cpuMs), '<= 11', (v) => v <= 11, 'x'),
    row('10k cold check peak RSS', k10?.check ? Math.round(k10.check.peakRssKb / 1024) : undefined, '< 1024 MB', (v) => v < 1024, ' MB'),
    row('1k cold check peak RSS', k1?.check ? Math.round(k1.check.peakRssKb / 1024) : undefined, '< 300 MB', (v) => v < 300, ' MB'),
    // The store keeps only the files yaml parses (the quick pack reads the rest faster than they are
    // restored): it must not make a restart slower; how much it saves depends on how many there are.
    row('1k server restart: ready with / without parse store', k1?.restart?.ratio, '<= 1.1 (not slower)', (v) => v <= 1.1, 'x'),
  ];
}

export function targetTable(rows) {
  return table(
    ['target', 'measured', 'limit', 'met'],
    rows.map((r) => [r.target, r.value, r.limit, r.pass]),
  );
}
