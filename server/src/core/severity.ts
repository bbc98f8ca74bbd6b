import type { Finding, Severity } from './diagnostics';

/** Per-code severity settings (`graphqlMetadata.rules.<code>`, or the CLI's config). */
export type SeverityOverrides = Readonly<Record<string, Severity | 'off'>>;

export function applySeverity(findings: readonly Finding[], overrides: SeverityOverrides | undefined): Finding[] {
  if (!overrides) return [...findings];
  return findings.flatMap((f) => {
    const setting = overrides[f.code];
    if (setting === 'off') return [];
    return setting ? [{ ...f, severity: setting }] : [f];
  });
}
