import type { SeverityOverrides } from '../core/check';

const ALLOWED = new Set(['error', 'warning', 'info', 'hint', 'off']);

/** Reads `graphqlMetadata.rules` ({<code>: error|warning|info|off}); anything else is ignored. */
export function readSeverity(settings: unknown): SeverityOverrides {
  const rules = (settings as { rules?: unknown } | null | undefined)?.rules;
  if (!rules || typeof rules !== 'object') return {};
  return Object.fromEntries(Object.entries(rules as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && ALLOWED.has(v))) as SeverityOverrides;
}
