// yaml-language-server as the peer a user has today: the same files, opened one by one, validated
// against the project's JSON schemas (yaml.schemas mapping schemas/*.json to globs by file kind).

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lspClient.mjs';

const require = createRequire(import.meta.url);

// Where a file of each kind is, when not a top-level file named after its kind (`<kind>.yaml`).
const PLACES = {
  databases: ['**/databases/databases.yaml'],
  tables: ['**/databases/*/tables/tables.yaml'],
  table: ['**/databases/*/tables/*.yaml', '!**/tables/tables.yaml'],
  functions: ['**/databases/*/functions/functions.yaml'],
  function: ['**/databases/*/functions/*.yaml', '!**/functions/functions.yaml'],
};

// Schema file -> the globs of the files it describes (as a user would write `yaml.schemas`), for every kind of schemas/index.json.
function schemaGlobs(repo) {
  const kinds = JSON.parse(readFileSync(path.join(repo, 'schemas', 'index.json'), 'utf8'));
  return Object.fromEntries(Object.entries(kinds).map(([kind, file]) => [file, PLACES[kind] ?? [`**/${kind}.yaml`]]));
}

export function peerSettings(repo) {
  const schemas = Object.fromEntries(Object.entries(schemaGlobs(repo)).map(([file, globs]) => [pathToFileURL(path.join(repo, 'schemas', file)).href, globs]));
  return {
    validate: true,
    hover: true,
    completion: true,
    format: { enable: false },
    schemas,
    schemaStore: { enable: false },
    customTags: ['!include scalar'],
    maxItemsComputed: 5000,
  };
}

export function peerVersion() {
  return require('yaml-language-server/package.json').version;
}

function yamlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(e.name) ? [full] : [];
  });
}

/** Opens every YAML file of `root` and waits for all their diagnostics; returns times and peak RSS. */
export async function measurePeer(repo, root, { timeoutMs = 30 * 60_000 } = {}) {
  const bin = require.resolve('yaml-language-server/bin/yaml-language-server');
  const settings = peerSettings(repo);
  const started = performance.now();
  const client = new LspClient(process.execPath, [bin, '--stdio'], (section) => (section === 'yaml' ? settings : {}));
  try {
    await client.initialize(root);
    await client.notify('workspace/didChangeConfiguration', { settings: { yaml: settings } });
    const initializedAt = performance.now();
    const files = yamlFiles(root);
    const uris = files.map((f) => pathToFileURL(f).href);
    files.forEach(
      (file, i) =>
        void client.notify('textDocument/didOpen', { textDocument: { uri: uris[i], languageId: 'yaml', version: 1, text: readFileSync(file, 'utf8') } }),
    );
    const doneAt = await client.until(
      () => uris.every((u) => client.diagnostics.has(u)),
      `yaml-language-server diagnostics for ${uris.length} files`,
      timeoutMs,
    );
    const problems = uris.reduce((n, u) => n + client.diagnostics.get(u).diagnostics.length, 0);
    const sample = uris.flatMap((u) => client.diagnostics.get(u).diagnostics.map((d) => `${path.basename(u)}: ${d.message}`)).slice(0, 3);
    return {
      files: files.length,
      wallMs: doneAt - started,
      openToDiagnosticsMs: doneAt - initializedAt,
      peakRssKb: client.peakRssKb(),
      diagnostics: problems,
      sample,
    };
  } finally {
    await client.stop();
  }
}
