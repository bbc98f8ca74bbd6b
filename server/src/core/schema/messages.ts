import type { ErrorObject } from 'ajv';
import { closest } from '../util/closest';

/** What a person reads for one ajv error, and the stable code of its kind. */
export interface SchemaMessage {
  readonly code: string;
  readonly message: string;
  readonly data?: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'a mapping (key: value)',
  array: 'a list',
  null: 'null',
};

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(truncate(value))}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

function typeList(type: unknown): string {
  const list = (Array.isArray(type) ? type : [type]).map((t) => TYPE_NAMES[String(t)] ?? String(t));
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : (list[0] ?? 'another type');
}

function allowedKeys(error: ErrorObject): string[] {
  const props = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

export function messageFor(error: ErrorObject, value: unknown, where: string): SchemaMessage {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const allowed = allowedKeys(error);
      const guess = closest(key, allowed);
      const hint = guess ? ` Did you mean \`${guess}\`?` : allowed.length > 0 ? ` Allowed keys: ${allowed.join(', ')}.` : '';
      return {
        code: 'schema-unknown-key',
        message: `Unknown key \`${key}\`${where}; the engine rejects it.${hint}`,
        data: { key, ...(guess ? { suggestion: guess } : {}) },
      };
    }
    case 'required':
      return { code: 'schema-missing-key', message: `Missing required key \`${String(p.missingProperty)}\`${where}.`, data: { key: p.missingProperty } };
    case 'type':
      return { code: 'schema-type', message: `Expected ${typeList(p.type)}${where}, found ${describeValue(value)}.` };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const guess = typeof value === 'string' ? closest(value, (p.allowedValues as unknown[]).map(String)) : undefined;
      return {
        code: 'schema-enum',
        message: `${capital(describeValue(value))} is not allowed${where}; use one of ${allowed.join(', ')}.${guess ? ` Did you mean \`${guess}\`?` : ''}`,
        data: guess ? { suggestion: guess } : {},
      };
    }
    case 'const':
      return { code: 'schema-enum', message: `Expected ${JSON.stringify(p.allowedValue)}${where}, found ${describeValue(value)}.` };
    case 'pattern':
      return { code: 'schema-format', message: `${capital(describeValue(value))} is not in the expected format${where} (pattern ${String(p.pattern)}).` };
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return { code: 'schema-range', message: `The value ${String(value)}${where} must be ${String(p.comparison)} ${String(p.limit)}.` };
    case 'minItems':
      return { code: 'schema-size', message: `The list${where} needs at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}.` };
    case 'maxItems':
      return { code: 'schema-size', message: `The list${where} may have at most ${String(p.limit)} item${p.limit === 1 ? '' : 's'}.` };
    case 'minLength':
      return { code: 'schema-size', message: `The text${where} must not be empty.` };
    case 'minProperties':
      return { code: 'schema-size', message: `The mapping${where} needs at least ${String(p.limit)} key${p.limit === 1 ? '' : 's'}.` };
    case 'uniqueItems':
      return { code: 'schema-duplicate-item', message: `Items ${String(p.j)} and ${String(p.i)} of the list${where} are the same; each may appear once.` };
    case 'not':
      return { code: 'schema-invalid', message: `This value is not allowed${where}.` };
    case 'false schema':
      return { code: 'schema-unknown-key', message: `This key is not allowed${where}.` };
    default:
      return { code: 'schema-invalid', message: `Invalid value${where}: ${error.message ?? error.keyword}.` };
  }
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
