import { QErr } from './qerr';

/** Readers for request arguments with the engine's parse errors (400 parse-failed). */

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function typeName(value: unknown): string {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  const t = typeof value;
  return t === 'object' ? 'Object' : t === 'string' ? 'String' : t === 'number' ? 'Number' : t === 'boolean' ? 'Boolean' : t;
}

export function parseFailed(message: string, path: string): QErr {
  return new QErr(400, 'parse-failed', message, path);
}

export function expectObject(value: unknown, path: string): Obj {
  if (!isObj(value)) throw parseFailed(`expected Object, but encountered ${typeName(value)}`, path);
  return value;
}

export function requireKey(obj: Obj, key: string, path: string): unknown {
  if (!(key in obj) || obj[key] === undefined) throw parseFailed(`key "${key}" not found`, path);
  return obj[key];
}

export function requireString(obj: Obj, key: string, path: string): string {
  const value = requireKey(obj, key, path);
  if (typeof value !== 'string') throw parseFailed(`expected String, but encountered ${typeName(value)}`, `${path}.${key}`);
  return value;
}

export function optionalString(obj: Obj, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw parseFailed(`expected String, but encountered ${typeName(value)}`, `${path}.${key}`);
  return value;
}

export function optionalBool(obj: Obj, key: string, path: string): boolean {
  const value = obj[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw parseFailed(`expected Bool, but encountered ${typeName(value)}`, `${path}.${key}`);
  return value;
}

export function requireStringList(obj: Obj, key: string, path: string): string[] {
  const value = requireKey(obj, key, path);
  if (!Array.isArray(value)) throw parseFailed(`expected Array, but encountered ${typeName(value)}`, `${path}.${key}`);
  value.forEach((v, i) => {
    if (typeof v !== 'string') throw parseFailed(`expected String, but encountered ${typeName(v)}`, `${path}.${key}[${i}]`);
  });
  return value as string[];
}
