import { checkSeverities, DATABASE_MODES, isNamingConvention, LATEST_V2, parseEngineVersion, resolve } from '../core';
import type { DatabaseMode, EngineVersion, FileSystemHost, GeneratedSchemaOptions, NamingConvention, SeverityOverrides } from '../core';
import type { EditorDatabaseSettings } from './databases';
import { operationsRoleFrom } from '../../../common/operationsRole';

const MODES = new Set<DatabaseMode>(DATABASE_MODES);

interface SeveritySettings {
  readonly overrides: SeverityOverrides;
  /** One sentence per entry of `graphqlMetadata.rules` that is ignored (unknown code or severity). */
  readonly problems: readonly string[];
}

/** Reads `graphqlMetadata.rules` ({<code>: error|warning|info|hint|off}); invalid entries are ignored and named. */
export function readSeverity(settings: unknown): SeveritySettings {
  const rules = (settings as { rules?: unknown } | null | undefined)?.rules;
  if (rules === undefined || rules === null) return { overrides: {}, problems: [] };
  if (typeof rules !== 'object' || Array.isArray(rules))
    return { overrides: {}, problems: ['`graphqlMetadata.rules` must be an object of `"<code>": "<severity>"` entries; it is ignored.'] };
  const { overrides, problems } = checkSeverities(rules as Record<string, unknown>);
  return { overrides, problems: problems.map((p) => `graphqlMetadata.rules: ${p} This entry is ignored.`) };
}

/**
 * Reads `graphqlMetadata.database.mode` (auto | migrations | live | off) and `graphqlMetadata.database.url`
 * ({<source>: <postgres URL>}); anything else is the default. `trusted`: the workspace is trusted
 * (in Restricted Mode no database connection is made).
 */
export function readDatabaseSettings(settings: unknown, trusted: boolean): EditorDatabaseSettings {
  const database = (settings as { database?: { mode?: unknown; url?: unknown } } | null | undefined)?.database;
  const mode = typeof database?.mode === 'string' && MODES.has(database.mode as DatabaseMode) ? (database.mode as DatabaseMode) : 'auto';
  const raw = database?.url;
  const urls =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''))
      : {};
  return { mode, urls, trusted };
}

/** Reads `graphqlMetadata.engineVersion` (`v2.37`, `2.36.6`, `latest`); anything else is the latest v2. */
export function readEngineVersion(settings: unknown): EngineVersion {
  const value = (settings as { engineVersion?: unknown } | null | undefined)?.engineVersion;
  return (typeof value === 'string' ? parseEngineVersion(value) : undefined) ?? LATEST_V2;
}

/** Reads `graphqlMetadata.operationsRole`: the role whose schema the GraphQL features of collections use (default admin). */
export function readOperationsRole(settings: unknown): string {
  return operationsRoleFrom((settings as { operationsRole?: unknown } | null | undefined)?.operationsRole);
}

/** Reads `graphqlMetadata.cache.maxSizeMB` as given (node/cacheFolder.ts cacheMaxBytes judges it: a number >= 0, else the default). */
export function readCacheMaxMb(settings: unknown): unknown {
  return (settings as { cache?: { maxSizeMB?: unknown } } | null | undefined)?.cache?.maxSizeMB;
}

/** What the engine's environment decides for the GraphQL schema, as the settings give it (each setting read as below). */
export function readSchemaEnvironment(settings: unknown): Required<Omit<GeneratedSchemaOptions, 'remoteSchemas'>> {
  const given = settings as { inferFunctionPermissions?: unknown; remoteSchemaPermissions?: unknown } | null | undefined;
  return {
    namingConvention: readNamingConvention(settings),
    // `graphqlMetadata.inferFunctionPermissions` (default true) and `graphqlMetadata.remoteSchemaPermissions` (default false): only a boolean counts.
    inferFunctionPermissions: given?.inferFunctionPermissions !== false,
    remoteSchemaPermissions: given?.remoteSchemaPermissions === true,
  };
}

/** The remote schemas' SDL the setting names, the files it read them from, and what it could not use. */
export interface RemoteSchemaSdl {
  /** By remote schema name. */
  readonly sdl: Readonly<Record<string, string>>;
  /** The absolute paths read (a change of one on disk reads them again). */
  readonly files: ReadonlySet<string>;
  /** One sentence per entry that is not used. */
  readonly problems: readonly string[];
}

/**
 * Reads `graphqlMetadata.remoteSchemas` ({<remote schema name>: <SDL file>}; a relative path is from
 * `base`, the first workspace folder) and each file's text through `host`.
 */
export function readRemoteSchemaSdl(settings: unknown, base: string | undefined, host: FileSystemHost): RemoteSchemaSdl {
  const given = (settings as { remoteSchemas?: unknown } | null | undefined)?.remoteSchemas;
  const sdl: Record<string, string> = {};
  const files = new Set<string>();
  const problems: string[] = [];
  if (given === undefined || given === null) return { sdl, files, problems };
  if (typeof given !== 'object' || Array.isArray(given))
    return { sdl, files, problems: ['graphqlMetadata.remoteSchemas must map remote schema names to SDL files; it is ignored.'] };
  for (const [name, file] of Object.entries(given as Record<string, unknown>)) {
    if (typeof file !== 'string' || file.trim() === '') {
      problems.push(`graphqlMetadata.remoteSchemas: \`${name}\` needs the path of an SDL file; it is ignored.`);
      continue;
    }
    const path = base === undefined ? file : resolve(base, file);
    files.add(path);
    const read = host.readFile(path);
    if (read.kind === 'text') sdl[name] = read.text;
    else
      problems.push(
        `graphqlMetadata.remoteSchemas: \`${name}\`: ${path} is not a readable text file (${read.kind === 'error' ? read.message : read.kind}); its schema is left out.`,
      );
  }
  return { sdl, files, problems };
}

/** Reads `graphqlMetadata.namingConvention` (hasura-default | graphql-default: the engine's server-wide default); anything else is hasura-default. */
export function readNamingConvention(settings: unknown): NamingConvention {
  const value = (settings as { namingConvention?: unknown } | null | undefined)?.namingConvention;
  return typeof value === 'string' && isNamingConvention(value) ? value : 'hasura-default';
}
