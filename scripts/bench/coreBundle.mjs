// The core, the language server's workspace and the node pieces the in-process benchmarks drive,
// bundled from source with esbuild. The bundle is kept (with its source map) in
// $TMPDIR/graphql-metadata-bench/core-bundle, so a --cpu-prof of a benchmark can be read.

import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ENTRY = `
export { checkRoot } from '../../server/src/core/check';
export { RootSession } from '../../server/src/core/session';
export { IndexMemo } from '../../server/src/core/project/index/memo';
export { ParseCache } from '../../server/src/core/project/cache';
export { toCompact } from '../../server/src/core/parse/compact';
export { SchemaValidator } from '../../server/src/core/schema/validator';
export { loadSchemaSet } from '../../server/src/node/schemas';
export { createNodeHost } from '../../server/src/node/fsHost';
export { DiskParseStore } from '../../server/src/node/parseStore';
export { OverlayHost } from '../../server/src/lsp/overlayHost';
export { MetadataWorkspace } from '../../server/src/lsp/workspace';
`;

/** `entry` (TypeScript exporting from the sources, paths relative to scripts/bench) bundled into `outfile`. */
export async function bundleEntry(entry, outfile, options = {}) {
  await esbuild.build({
    stdin: { contents: entry, resolveDir: path.join(REPO, 'scripts/bench'), loader: 'ts', sourcefile: path.basename(outfile, '.js') + '.ts' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    logLevel: 'warning',
    ...options,
  });
}

export async function loadCore() {
  const dir = path.join(os.tmpdir(), 'graphql-metadata-bench', 'core-bundle');
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, 'core.js');
  await bundleEntry(ENTRY, outfile, { sourcemap: true });
  // The build-time validators, found next to the bundle as in dist/.
  if (existsSync(path.join(REPO, 'dist/validators.js'))) copyFileSync(path.join(REPO, 'dist/validators.js'), path.join(dir, 'validators.js'));
  return createRequire(outfile)(outfile);
}
