/**
 * What the status bar shows for a `graphqlMetadata/status` notification. Pure: no vscode import,
 * so it can be tested anywhere.
 */
import { isQuietStatus } from '../../common/databaseStatus';
import type { RootStatus, StatusParams } from '../../common/protocol';

export interface StatusView {
  readonly visible: boolean;
  /** Status bar text with codicons, e.g. `$(check) Metadata: 2 roots`. */
  readonly text: string;
  /** Markdown: the roots with their counts, then the folders that are not config v3 roots. */
  readonly tooltip: string;
  /** Picks the item's background: errors get the error colour, warnings the warning colour. */
  readonly severity: 'error' | 'warning' | 'none';
}

/** Makes an absolute path readable (e.g. relative to the workspace). */
export type PathLabel = (absolutePath: string) => string;

export const hiddenStatus: StatusView = { visible: false, text: '', tooltip: '', severity: 'none' };

export function statusView(params: StatusParams | undefined, label: PathLabel): StatusView {
  if (params === undefined || (params.roots.length === 0 && params.problems.length === 0)) {
    return hiddenStatus;
  }
  const errors = sum(params.roots, (r) => r.errors);
  const warnings = sum(params.roots, (r) => r.warnings);
  return {
    visible: true,
    text: statusText(params, errors, warnings),
    tooltip: statusTooltip(params, label),
    severity: errors > 0 ? 'error' : warnings > 0 || params.problems.length > 0 ? 'warning' : 'none',
  };
}

function statusText(params: StatusParams, errors: number, warnings: number): string {
  if (params.state === 'checking') {
    return '$(sync~spin) Metadata: checking…';
  }
  if (params.roots.length === 0) {
    return '$(warning) Metadata: no config v3 root';
  }
  const counts =
    errors > 0 || warnings > 0 ? `Metadata: $(error) ${errors} $(warning) ${warnings}` : `$(check) Metadata: ${plural(params.roots.length, 'root')}`;
  return `${counts}${databaseText(params.roots)}`;
}

/** ` $(database) from migrations: 254/256 applied` for one source, ` $(database) 3 sources` for more, nothing without models. */
function databaseText(roots: readonly RootStatus[]): string {
  const all = roots.flatMap((r) => r.databases ?? []).filter((d) => !isQuietStatus(d.status));
  if (all.length === 0) return '';
  return ` $(database) ${all.length === 1 ? all[0]!.status : plural(all.length, 'source')}`;
}

function statusTooltip(params: StatusParams, label: PathLabel): string {
  const lines = ['**GraphQL Engine Metadata**', ''];
  for (const root of params.roots) {
    lines.push(`- ${code(label(root.root))}: ${rootSummary(root)}`);
    for (const db of root.databases ?? []) lines.push(`  - database of source ${code(db.source)}: ${escape(db.status)}`);
  }
  if (params.problems.length > 0) {
    lines.push('', 'Not checked:', '');
    for (const problem of params.problems) {
      lines.push(`- ${code(label(problem.path))}: ${escape(problem.message)}`);
    }
  }
  lines.push('', params.state === 'checking' ? '_Checking…_' : 'Click to open the Problems view.');
  return lines.join('\n');
}

function rootSummary(root: RootStatus): string {
  return `${plural(root.errors, 'error')}, ${plural(root.warnings, 'warning')} in ${plural(root.files, 'file')}`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/** A Markdown code span (its content is literal: no escaping inside). */
function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** Markdown-escapes text from the server. */
function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]<>()#+!|]/g, (c) => `\\${c}`);
}

/** The metadata item once the language server was stopped for good (it crashed too often): says so and offers a restart. */
export function stoppedStatusView(reason: string): StatusView {
  return {
    visible: true,
    text: '$(error) Metadata: server stopped',
    tooltip: ['**GraphQL Engine Metadata**', '', escape(reason), '', 'Click to restart the language server.'].join('\n'),
    severity: 'error',
  };
}

/** The GraphQL engine the server commands last talked to. */
export type EngineState =
  | { readonly state: 'connected'; readonly url: string; readonly label: string; readonly version?: string }
  | { readonly state: 'error'; readonly url: string; readonly label: string; readonly message: string };

/** The engine item: `$(server) host:port — v2.x` once a config request succeeded, a warning when it failed. */
export function engineStatusView(engine: EngineState | undefined): StatusView {
  if (engine === undefined) return hiddenStatus;
  if (engine.state === 'connected') {
    const version = engine.version ?? 'version not reported';
    return {
      visible: true,
      text: `$(server) ${engine.label} — ${version}`,
      tooltip: ['**GraphQL engine**', '', `- URL: ${code(engine.url)}`, `- Version: ${code(version)}`, '', 'Click to show its configuration.'].join('\n'),
      severity: 'none',
    };
  }
  return {
    visible: true,
    text: `$(server) ${engine.label} — $(warning) not connected`,
    tooltip: ['**GraphQL engine**', '', `- URL: ${code(engine.url)}`, '', escape(engine.message), '', 'Click to try again.'].join('\n'),
    severity: 'warning',
  };
}
