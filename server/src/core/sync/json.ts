/** JSON values as the metadata API sends and receives them (key order matters: it is kept). */

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

export interface JsonObject {
  [key: string]: JsonValue;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `[]` or `{}`: what the CLI leaves out of the metadata it builds. */
export function isEmptyJson(value: JsonValue | undefined): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && Object.keys(value).length === 0;
}

/** Sets a key without ever touching the prototype (a YAML key may be spelled `__proto__`). */
export function setKey(target: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export function stringOf(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function listOf(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

export function objectOf(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** A scalar as text (`''` for null or missing); collections as their JSON. */
export function textOf(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
