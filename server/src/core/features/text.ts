import type { Span } from '../diagnostics';

/** Text helpers for edits: where names sit inside their scalars, line bounds, safe YAML scalars. */

/**
 * The span of the name text itself inside a scalar's span (without its quotes). `exact` is false when
 * the text there is not the name as written (escapes, block scalars): such a place is not edited.
 */
export function nameSpan(text: string, span: Span, name: string): { span: Span; exact: boolean } {
  const raw = text.slice(span.start, span.end);
  if (raw === name) return { span, exact: true };
  const quote = raw[0];
  if ((quote === '"' || quote === "'") && raw.length >= 2 && raw.endsWith(quote) && raw.slice(1, -1) === name) {
    return { span: { start: span.start + 1, end: span.end - 1 }, exact: true };
  }
  return { span, exact: false };
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just after the line's newline (or the end of the text). */
export function nextLineStart(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

export function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

/** True when only spaces (and `- ` list markers) precede `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return /^[\s-]*$/.test(text.slice(lineStart(text, offset), offset));
}

const RESERVED = /^(?:true|false|yes|no|on|off|null|~|y|n)$/i;
const NUMBER = /^[-+]?(?:\d[\d_]*(?:\.\d*)?(?:e[-+]?\d+)?|\.\d+|0x[\da-f]+|0o[0-7]+|\.inf|\.nan)$/i;

/** A name written as a YAML scalar: plain when that reads back as the same string, else double-quoted. */
export function yamlScalar(name: string): string {
  const plain = /^[A-Za-z_/][\w\-./@]*$/.test(name) && !RESERVED.test(name) && !NUMBER.test(name);
  return plain ? name : JSON.stringify(name);
}

/** The quote character around a name whose inner span is `span`, if any. */
export function quoteAround(text: string, span: Span): '"' | "'" | undefined {
  const before = text[span.start - 1];
  return (before === '"' || before === "'") && text[span.end] === before ? before : undefined;
}

/** Text of a new name inside its current quotes (or as a plain scalar when there are none). */
export function replacementFor(quote: '"' | "'" | undefined, name: string): string {
  if (quote === '"') return JSON.stringify(name).slice(1, -1);
  if (quote === "'") return name.replace(/'/g, "''");
  return yamlScalar(name);
}
