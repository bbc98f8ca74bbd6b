import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkRoot } from '../../server/src/core/check';
import { ParseCache } from '../../server/src/core/project/cache';
import { directoryToMetadata } from '../../server/src/core/sync/directory';
import { createNodeHost } from '../../server/src/node/fsHost';
import { toCorePath } from '../../common/paths';
import type { ServerState } from './state';
import { stateFromDocument } from './state';

/**
 * A state folder: a config v3 metadata directory (the folder itself, or its `metadata/` folder),
 * turned into the metadata JSON the way `apply` sends it, plus an optional `catalog.json` beside it
 * (`{"catalog": {...}, "resource_version": n}`) for the tables the database has.
 */
export function loadStateDir(dir: string): ServerState {
  const root = existsSync(join(dir, 'metadata', 'version.yaml')) ? join(dir, 'metadata') : dir;
  const { metadata } = directoryToMetadata(checkRoot(toCorePath(root), { host: createNodeHost(), cache: new ParseCache() }));
  const catalogFile = join(dir, 'catalog.json');
  const extra = existsSync(catalogFile) ? (JSON.parse(readFileSync(catalogFile, 'utf8')) as Record<string, unknown>) : {};
  return stateFromDocument({ ...metadata, sources: metadata.sources ?? [], ...extra });
}
