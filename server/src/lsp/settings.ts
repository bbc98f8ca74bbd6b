import type { SeverityOverrides } from '../core/check';
import { LATEST_V2, parseEngineVersion } from '../core/engineVersion';
import type { EngineVersion } from '../core/engineVersion';

const ALLOWED = new Set(['error', 'warning', 'info', 'hint', 'off']);

/** Reads `graphqlMetadata.rules` ({<code>: error|warning|info|off}); anything else is ignored. */
export function readSeverity(settings: unknown): SeverityOverrides {
  const rules = (settings as { rules?: unknown } | null | undefined)?.rules;
  if (!rules || typeof rules !== 'object') return {};
  return Object.fromEntries(Object.entries(rules as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && ALLOWED.has(v))) as SeverityOverrides;
}

/** Reads `graphqlMetadata.engineVersion` (`v2.37`, `2.36.6`, `latest`); anything else is the latest v2. */
export function readEngineVersion(settings: unknown): EngineVersion {
  const value = (settings as { engineVersion?: unknown } | null | undefined)?.engineVersion;
  return (typeof value === 'string' ? parseEngineVersion(value) : undefined) ?? LATEST_V2;
}
