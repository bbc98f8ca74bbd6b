import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourceBuild, SourceMigrations } from '../../core';
import type { ApplyResult } from './runner';
import { markUsed } from '../cacheFolder';

/**
 * Source builds from migrations kept on disk, keyed by a hash of the migration files' names and
 * texts and of the runner's version: a restart with unchanged migrations reads the model instead of
 * starting the embedded Postgres. One JSON file per root and source, in
 * `$XDG_CACHE_HOME/graphql-engine-metadata/` (else `~/.cache/...`), beside the parse store.
 */

/** Bump when the runner, the introspection or the model's shape changes: every cached build is then rebuilt. */
const RUNNER_VERSION = 'graphql-metadata db model 5';

export { cacheFolder } from '../cacheFolder';

/** The content key of a source's migrations. */
export function migrationsKey(migrations: SourceMigrations): string {
  const platform = migrations.platform ? `${migrations.platform.name}:${migrations.platform.schemas.map((s) => s.schema).join(',')}` : '';
  const hash = createHash('sha256').update(`${RUNNER_VERSION}\n${migrations.source}\n${migrations.kind}\n${migrations.dir}\n${platform}\n`);
  for (const file of migrations.files) {
    // A large file is not read here (the database child reads it): its size and modification time stand for its text.
    const large = file.large ? `\t${file.large.size}\t${file.large.modified ?? ''}` : '';
    hash.update(`${file.phase}\t${file.file}\t${file.text.length}${large}\n`).update(file.text).update('\n');
  }
  return hash.digest('hex');
}

function cacheFile(folder: string, root: string, source: string): string {
  const name = createHash('sha1').update(`${root}\n${source}`).digest('hex').slice(0, 16);
  return path.join(folder, `db-${name}.json`);
}

interface Entry {
  readonly key: string;
  readonly build: SourceBuild;
}

/** A source's build from what the worker's migration run gave (the same whether read back from the cache or not). */
export function migrationsBuild(source: string, result: ApplyResult): SourceBuild {
  return { source, model: result.model, status: result.status, findings: result.findings };
}

/** The cached build of these migrations, when there is one with the same key (a damaged file is a miss). */
export async function readCachedBuild(folder: string, root: string, key: string, source: string): Promise<SourceBuild | undefined> {
  try {
    // Read off the thread: the language server parses the model (~3 MB at 1,000 tables) in a turn after the one that found the migrations.
    const file = cacheFile(folder, root, source);
    const entry = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Partial<Entry>;
    if (entry.key !== key || typeof entry.build !== 'object' || entry.build === null || entry.build.source !== source) return undefined;
    markUsed(file);
    return entry.build;
  } catch {
    // Silent: a missing or damaged cache file is a miss: the model is built.
    return undefined;
  }
}

/** Writes the build (temp file, then rename); a cache that cannot be written is only a slower next start. */
export function writeCachedBuild(folder: string, root: string, key: string, build: SourceBuild): void {
  const file = cacheFile(folder, root, build.source);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    fs.writeFileSync(temp, JSON.stringify({ key, build } satisfies Entry), { mode: 0o600 });
    fs.renameSync(temp, file);
  } catch {
    // Silent: a cache that cannot be written is only a slower next start (the doc comment).
    fs.rmSync(temp, { force: true });
  }
}
