import type { JsonValue } from './json';
import { isJsonObject } from './json';
import { printable, scalarStyle } from './scalarStyle';

/**
 * YAML text exactly as the engine's CLI writes it (go-yaml v3, `SetIndent(2)`): block mappings and
 * sequences, sequences indented under their key, `{}` and `[]` for empty collections, no line
 * folding, and go-yaml's choice of plain, quoted or literal scalars. Keys keep the JSON's order.
 */
export function emitYaml(value: JsonValue): string {
  if (isCollection(value)) return isJsonObject(value) ? mapping(value, 0) : sequence(value as JsonValue[], 0);
  return `${scalar(value, 0)}\n`;
}

function isCollection(value: JsonValue): boolean {
  return Array.isArray(value) ? value.length > 0 : isJsonObject(value) && Object.keys(value).length > 0;
}

function pad(indent: number): string {
  return ' '.repeat(indent);
}

function mapping(value: Readonly<Record<string, JsonValue>>, indent: number): string {
  return Object.entries(value)
    .map(([key, v]) => `${pad(indent)}${keyText(key)}:${afterKey(v, indent)}`)
    .join('');
}

function sequence(value: readonly JsonValue[], indent: number): string {
  return value.map((v) => `${pad(indent)}-${afterDash(v, indent)}`).join('');
}

/** What follows `key:` for a value of a mapping whose keys are at `indent`. */
function afterKey(value: JsonValue, indent: number): string {
  if (!isCollection(value)) return ` ${scalar(value, indent + 2)}\n`;
  return `\n${isJsonObject(value) ? mapping(value, indent + 2) : sequence(value as JsonValue[], indent + 2)}`;
}

/** What follows `-` for an item of a sequence whose dashes are at `indent`: the item starts on the same line. */
function afterDash(value: JsonValue, indent: number): string {
  if (!isCollection(value)) return ` ${scalar(value, indent + 2)}\n`;
  const body = isJsonObject(value) ? mapping(value, indent + 2) : sequence(value as JsonValue[], indent + 2);
  return ` ${body.slice(indent + 2)}`;
}

/** A scalar or an empty collection; `indent` is where the lines of a literal block go. */
function scalar(value: JsonValue, indent: number): string {
  if (Array.isArray(value)) return '[]';
  if (isJsonObject(value)) return '{}';
  if (value === null) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return JSON.stringify(value);
  return stringText(value, indent, false);
}

function keyText(key: string): string {
  return stringText(key, 0, true);
}

/** The CLI writes the includes it generates as double-quoted strings (`"!include public_t1.yaml"`). */
const INCLUDE = /^!include /;

function stringText(value: string, indent: number, isKey: boolean): string {
  if (!isKey && INCLUDE.test(value) && !value.includes('\n')) return doubleQuoted(value);
  switch (scalarStyle(value, isKey)) {
    case 'plain':
      return value;
    case 'single':
      return `'${value.replace(/'/g, "''")}'`;
    case 'literal':
      return literal(value, indent);
    default:
      return doubleQuoted(value);
  }
}

/** `|` with go-yaml's hints: an indentation digit when the text starts with a space or a break, then `-` or `+`. */
function literal(value: string, indent: number): string {
  const hint = value.startsWith(' ') || value.startsWith('\n') ? '2' : '';
  const chomp = !value.endsWith('\n') ? '-' : value === '\n' || value.endsWith('\n\n') ? '+' : '';
  const lines = value.split('\n');
  if (value.endsWith('\n')) lines.pop();
  const body = lines.map((line) => (line === '' ? '' : `${pad(indent)}${line}`)).join('\n');
  return `|${hint}${chomp}\n${body}`;
}

const ESCAPES: Readonly<Record<number, string>> = {
  0x00: '0',
  0x07: 'a',
  0x08: 'b',
  0x09: 't',
  0x0a: 'n',
  0x0b: 'v',
  0x0c: 'f',
  0x0d: 'r',
  0x1b: 'e',
  0x22: '"',
  0x5c: '\\',
  0x85: 'N',
  0xa0: '_',
  0x2028: 'L',
  0x2029: 'P',
};

/** go-yaml's double-quoted writer (`yaml_emitter_write_double_quoted_scalar`), without folding. */
function doubleQuoted(value: string): string {
  let out = '"';
  for (const c of value) {
    const cp = c.codePointAt(0)!;
    if (printable(c) && cp !== 0x0a && cp !== 0x22 && cp !== 0x5c) out += c;
    else out += `\\${ESCAPES[cp] ?? hexEscape(cp)}`;
  }
  return `${out}"`;
}

function hexEscape(cp: number): string {
  const [letter, width]: [string, number] = cp <= 0xff ? ['x', 2] : cp <= 0xffff ? ['u', 4] : ['U', 8];
  return `${letter}${cp.toString(16).toUpperCase().padStart(width, '0')}`;
}
