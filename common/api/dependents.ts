/**
 * Parses the dependent objects out of the engine's dependency error, e.g.
 * `cannot drop due to the following dependent objects: permission public.article.user.select in source "default"`
 * (older builds write `objects : ...`). Commas inside double quotes do not split.
 */
const DEPENDENCY_PREFIX = /cannot drop due to the following dependent objects\s*:\s*/;

export function parseDependentObjects(message: string): string[] | undefined {
  const match = DEPENDENCY_PREFIX.exec(message);
  if (match === null) return undefined;
  return splitOutsideQuotes(message.slice(match.index + match[0].length));
}

function splitOutsideQuotes(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}
