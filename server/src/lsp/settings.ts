import type { SeverityOverrides } from '../core/check';
import { checkSeverities } from '../core/severitySettings';

export interface SeveritySettings {
  readonly overrides: SeverityOverrides;
  /** One sentence per entry of `graphqlMetadata.rules` that is ignored (unknown code or severity). */
  readonly problems: readonly string[];
}

/** Reads `graphqlMetadata.rules` ({<code>: error|warning|info|hint|off}); invalid entries are ignored and named. */
export function readSeverity(settings: unknown): SeveritySettings {
  const rules = (settings as { rules?: unknown } | null | undefined)?.rules;
  if (rules === undefined || rules === null) return { overrides: {}, problems: [] };
  if (typeof rules !== 'object' || Array.isArray(rules)) return { overrides: {}, problems: ['`graphqlMetadata.rules` must be an object of `"<code>": "<severity>"` entries; it is ignored.'] };
  const { overrides, problems } = checkSeverities(rules as Record<string, unknown>);
  return { overrides, problems: problems.map((p) => `graphqlMetadata.rules: ${p} This entry is ignored.`) };
}
