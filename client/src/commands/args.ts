/**
 * The argument object a command may be given (keybindings, tasks, tests): arguments named as in
 * the spec. These readers take what is there, check its type, and leave the rest to the prompts.
 * Pure: no vscode.
 */
import type { TableInfo, TableRef } from '../../../common/protocol';
import { ArgumentError } from './outcome';

export type Args = Readonly<Record<string, unknown>>;

/** The argument object, or {} (e.g. for the resource URI a context menu passes). */
export function argumentObject(value: unknown): Args {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null ? (value as Args) : {};
}

export function stringArg(args: Args, key: string): string | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ArgumentError(`Argument \`${key}\` must be a string.`);
  return value;
}

export function booleanArg(args: Args, key: string): boolean | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new ArgumentError(`Argument \`${key}\` must be true or false.`);
  return value;
}

/** A string, `null` (kept: it means "remove"), or absent. */
export function nullableStringArg(args: Args, key: string): string | null | undefined {
  return args[key] === null ? null : stringArg(args, key);
}

export function stringListArg(args: Args, key: string): string[] | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new ArgumentError(`Argument \`${key}\` must be a list of strings.`);
  return value;
}

export function objectArg(args: Args, key: string): Readonly<Record<string, unknown>> | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ArgumentError(`Argument \`${key}\` must be an object.`);
  return value as Record<string, unknown>;
}

/** `table`: a bare name (schema public) or `{schema, name}`. */
export function tableArg(args: Args, key = 'table'): TableRef | undefined {
  const value = args[key];
  if (value === undefined || typeof value === 'string') return value;
  const t = value as Record<string, unknown> | null;
  if (t !== null && typeof t === 'object' && typeof t.name === 'string' && (t.schema === undefined || typeof t.schema === 'string')) {
    return { schema: t.schema ?? 'public', name: t.name };
  }
  throw new ArgumentError(`Argument \`${key}\` must be a table name or {schema, name}.`);
}

export function sameTable(info: Pick<TableInfo, 'schema' | 'name'>, ref: TableRef): boolean {
  const want = typeof ref === 'string' ? { schema: 'public', name: ref } : ref;
  return info.schema === want.schema && info.name === want.name;
}

export function tableLabel(ref: TableRef): string {
  return typeof ref === 'string' ? `public.${ref}` : `${ref.schema}.${ref.name}`;
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Why `name` cannot be a new relationship of `table` (a GraphQL name, not a column or field there). */
export function relationshipNameProblem(name: string, table: TableInfo | undefined, current?: string): string | undefined {
  if (name === current) return 'That is the current name.';
  if (!GRAPHQL_NAME.test(name)) return 'A relationship name is a GraphQL name: letters, digits and _, not starting with a digit.';
  if (table?.relationships.some((r) => r.name === name)) return `${tableLabel(table)} already has a relationship named ${name}.`;
  if (table?.columns.includes(name)) return `${name} is a column of ${tableLabel(table)}.`;
  return undefined;
}

export function nameProblem(name: string, taken: readonly string[], what: string): string | undefined {
  if (name.trim() === '' || name !== name.trim()) return `A ${what} name cannot be empty or start or end with spaces.`;
  return taken.includes(name) ? `A ${what} named ${name} already exists.` : undefined;
}

/** `a, b` -> ['a', 'b']. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** `author_id: id, x: y` -> {author_id: 'id', x: 'y'}; undefined when a pair is malformed. */
export function parseColumnMapping(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const part of parseList(text)) {
    const match = /^([^:\s]+)\s*:\s*([^:\s]+)$/.exec(part);
    if (!match) return undefined;
    out[match[1]!] = match[2]!;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A pool setting typed in a box: empty means "leave it out". */
export function parseOptionalCount(text: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  return /^\d+$/.test(t) ? { ok: true, value: Number(t) } : { ok: false, message: 'A whole number, or empty to leave it out.' };
}
