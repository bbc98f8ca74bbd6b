import { PIPELINE_CODES } from './codes';
import type { Severity } from './diagnostics';
import { RULES } from './rules';
import type { SeverityOverrides } from './severity';
import { closest } from './util/closest';

/** The severities a code can be set to, the same in `--rule` and in `graphqlMetadata.rules`. */
export const SEVERITY_SETTINGS: readonly (Severity | 'off')[] = ['error', 'warning', 'info', 'hint', 'off'];

/** Every diagnostic code there is: the pipeline's and every rule's. */
export function allCodes(): readonly string[] {
  return [...new Set([...PIPELINE_CODES, ...RULES.flatMap((rule) => rule.codes)])];
}

export interface SeverityCheck {
  /** The entries that are valid. */
  readonly overrides: SeverityOverrides;
  /** One sentence per entry that is not (unknown code, unknown severity), with a suggestion where there is one. */
  readonly problems: readonly string[];
}

/** Splits `{code: severity}` into what is valid and a message for each entry that is not. */
export function checkSeverities(entries: Readonly<Record<string, unknown>>): SeverityCheck {
  const codes = allCodes();
  const known = new Set(codes);
  const overrides: Record<string, Severity | 'off'> = {};
  const problems: string[] = [];
  for (const [code, severity] of Object.entries(entries)) {
    if (!known.has(code)) {
      const suggestion = closest(code, codes);
      problems.push(`There is no diagnostic code \`${code}\`.${suggestion ? ` Did you mean \`${suggestion}\`?` : ' The codes are listed in docs/rules.md.'}`);
    } else if (typeof severity !== 'string' || !(SEVERITY_SETTINGS as readonly string[]).includes(severity)) {
      problems.push(`\`${code}\` can be set to ${SEVERITY_SETTINGS.join(', ')}, not ${JSON.stringify(severity)}.`);
    } else {
      overrides[code] = severity as Severity | 'off';
    }
  }
  return { overrides, problems };
}
