import type { SeverityOverrides } from '../core/check';
import { DATABASE_MODES } from '../core/db/connection';
import type { DatabaseMode } from '../core/db/connection';
import type { EditorDatabaseSettings } from './databases';

const ALLOWED = new Set(['error', 'warning', 'info', 'hint', 'off']);
const MODES = new Set<DatabaseMode>(DATABASE_MODES);

/** Reads `graphqlMetadata.rules` ({<code>: error|warning|info|off}); anything else is ignored. */
export function readSeverity(settings: unknown): SeverityOverrides {
  const rules = (settings as { rules?: unknown } | null | undefined)?.rules;
  if (!rules || typeof rules !== 'object') return {};
  return Object.fromEntries(Object.entries(rules as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && ALLOWED.has(v))) as SeverityOverrides;
}

/**
 * Reads `graphqlMetadata.database.mode` (auto | migrations | live | off) and `graphqlMetadata.database.url`
 * ({<source>: <postgres URL>}); anything else is the default. `trusted`: the workspace is trusted
 * (in Restricted Mode no database connection is made).
 */
export function readDatabaseSettings(settings: unknown, trusted: boolean): EditorDatabaseSettings {
  const database = (settings as { database?: { mode?: unknown; url?: unknown } } | null | undefined)?.database;
  const mode = typeof database?.mode === 'string' && MODES.has(database.mode as DatabaseMode) ? (database.mode as DatabaseMode) : 'auto';
  const raw = database?.url;
  const urls = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')) : {};
  return { mode, urls, trusted };
}
