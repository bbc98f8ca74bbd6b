// Bundles the shipped entry points with esbuild. `tsc -b` type-checks separately.
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { generateValidators } from './gen-validators.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  define: { PACKAGE_VERSION: JSON.stringify(version) },
  // The yaml package's ES module build (the same code; only its warnings go to console.warn instead of
  // process.emitWarning): bundled as ESM, its functions are called directly instead of through the
  // getters esbuild puts on a CommonJS module (2.5% of a cold check).
  alias: { yaml: './node_modules/yaml/browser/index.js' },
};

// common/protocol.ts types the custom messages with vscode-jsonrpc. The server's connection is built on
// vscode-languageserver's own copy of it: the server bundle takes that copy for the protocol too (one
// copy, not two; the client bundle has one either way).
const require = createRequire(import.meta.url);
const besideServer = (name, from) => require.resolve(name, { paths: [dirname(from)] });
const serverJsonRpc = besideServer('vscode-jsonrpc', besideServer('vscode-languageserver-protocol', require.resolve('vscode-languageserver/node')));

/**
 * The bundles run through V8's code cache: codeCache.ts wraps the text in a function on its first line,
 * which this comment takes, so that no line or column of code moves (stack traces, source maps).
 */
const CACHED = { banner: { js: "// Run by the loaders of server/src/entry through V8's code cache (server/src/node/codeCache.ts)." } };

/** For what the language server loads at start-up. */
const LEAN = { minifyWhitespace: true, minifySyntax: true };

// dist/cli.js, server.js and parseWorker.js are small loaders (server/src/entry/) that run the bundles
// (dist/*.bundle.js) through V8's code cache (server/src/node/codeCache.ts).
const entries = [
  ...['cli', 'server', 'parseWorker'].map((name) => ({
    entryPoints: [`server/src/entry/${name}.ts`],
    outfile: `dist/${name}.js`,
    ...(name === 'parseWorker' ? {} : { banner: { js: '#!/usr/bin/env node' } }),
    ...LEAN,
  })),
  { entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.bundle.js', ...CACHED },
  // Also a command (bin graphql-metadata-language-server) for other editors' LSP clients. Whitespace
  // and syntax minified (names kept): V8 reads a third less text at every start (~30 ms of ~250).
  {
    entryPoints: ['server/src/main.ts'],
    outfile: 'dist/server.bundle.js',
    ...CACHED,
    ...LEAN,
    plugins: [{ name: 'server-jsonrpc', setup: (build) => build.onResolve({ filter: /^vscode-jsonrpc$/ }, () => ({ path: serverJsonRpc })) }],
  },
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  // The database child process (forked by server/src/node/db/embedded.ts). PGlite stays a runtime
  // dependency: it finds its wasm, data and extension bundles next to its own files.
  // The CLI's parse workers (server/src/node/parallel/worker.ts), started by dist/cli.js for large projects.
  { entryPoints: ['server/src/node/parallel/worker.ts'], outfile: 'dist/parseWorker.bundle.js', ...CACHED },
  // The language server's schema worker (server/src/node/schema/worker.ts): Show GraphQL Schema's SDL off its thread.
  { entryPoints: ['server/src/node/schema/worker.ts'], outfile: 'dist/schemaWorker.js', ...LEAN },
  {
    entryPoints: ['server/src/node/db/worker.ts'],
    outfile: 'dist/dbWorker.js',
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*'],
  },
];

// The schema validators as code, bundled with ajv's small runtime helpers.
entries.push({
  stdin: { contents: generateValidators(), resolveDir: process.cwd(), sourcefile: 'validators.js' },
  entryPoints: undefined,
  outfile: 'dist/validators.js',
  sourcemap: false,
  ...CACHED,
  ...LEAN,
});

for (const entry of entries.filter((e) => e.stdin || existsSync(e.entryPoints[0]))) {
  const options = { ...common, ...entry };
  if (watch) {
    await (await esbuild.context(options)).watch();
  } else {
    await esbuild.build(options);
  }
}

// pgvector's extension bundle for PGlite, beside dist/dbWorker.js (its package is a devDependency: it
// pins an older PGlite as a peer, which npm would install for every user, and vsce refuses).
const vectorPackage = (() => {
  try {
    return dirname(require.resolve('@electric-sql/pglite-pgvector'));
  } catch {
    return undefined;
  }
})();
if (vectorPackage !== undefined && existsSync(`${vectorPackage}/vector.tar.gz`)) {
  mkdirSync('dist', { recursive: true });
  copyFileSync(`${vectorPackage}/vector.tar.gz`, 'dist/pglite-vector.tar.gz');
}
