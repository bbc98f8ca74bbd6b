import type { ServerDialect } from './ops/context';

/** Run-time options of the test server (set by flags, changed by POST /_test/options). */

export type JwtMode = 'object' | 'array' | 'empty' | 'null' | 'absent';

export interface ServerOptions {
  adminSecret?: string;
  /** API names as in the engine's --enabled-apis: `metadata`, `config`. */
  enabledApis: string[];
  dialect: ServerDialect;
  jwt: JwtMode;
  version: string;
}

export const DEFAULT_OPTIONS: ServerOptions = {
  enabledApis: ['metadata', 'config'],
  dialect: 'spec',
  jwt: 'array',
  version: 'v2.48.0-test',
};

const DIALECTS = ['spec', 'engine'];
const JWT_MODES = ['object', 'array', 'empty', 'null', 'absent'];

/** Applies a patch (from JSON or flags); returns an error text for a bad value. */
export function patchOptions(options: ServerOptions, patch: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(patch)) {
    const error = patchOne(options, key, value);
    if (error !== undefined) return error;
  }
  return undefined;
}

function patchOne(options: ServerOptions, key: string, value: unknown): string | undefined {
  if (key === 'adminSecret' && (value === null || typeof value === 'string')) {
    if (value === null || value === '') delete options.adminSecret;
    else options.adminSecret = value;
  } else if (key === 'enabledApis' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    options.enabledApis = value;
  } else if (key === 'dialect' && typeof value === 'string' && DIALECTS.includes(value)) {
    options.dialect = value as ServerDialect;
  } else if (key === 'jwt' && typeof value === 'string' && JWT_MODES.includes(value)) {
    options.jwt = value as JwtMode;
  } else if (key === 'version' && typeof value === 'string') {
    options.version = value;
  } else {
    return `bad option ${key}: ${JSON.stringify(value)}`;
  }
  return undefined;
}
