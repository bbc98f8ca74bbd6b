import type { Finding } from '../diagnostics';
import type { DirEntry, FileSystemHost } from '../host';
import { get, spanOf } from '../parse/ast';
import { parseYamlFile } from '../parse/yamlFile';
import type { YamlFile } from '../parse/yamlFile';
import { dirname, join, normalize } from '../util/paths';
import { TOP_LEVEL_FILES } from './kinds';

/** Folders never searched for metadata roots. */
const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out', '.tools', '.vscode-test', 'target', 'vendor']);
const MAX_DEPTH = 12;

export interface Discovery {
  /** Absolute paths of config v3 metadata roots. */
  readonly roots: string[];
  /** Folders that look like metadata but are not a valid config v3 root, with a finding each. */
  readonly problems: Finding[];
}

/** Names that mark a metadata folder: config v3 files, plus config v2's top-level tables.yaml/functions.yaml. */
const KNOWN_NAMES = new Set([...TOP_LEVEL_FILES.map(([rel]) => rel.split('/')[0]!), 'tables.yaml', 'functions.yaml']);

/** Parses a version.yaml (the language server passes its parse cache's `get`, so the file has one tree). */
type Parse = (path: string, text: string) => YamlFile;

/** Finds every metadata root below `dir` (the folder itself included). */
export function discoverRoots(dir: string, host: FileSystemHost, parse: Parse = parseYamlFile): Discovery {
  const found: Discovery = { roots: [], problems: [] };
  walk(normalize(dir), host, 0, found, parse);
  return found;
}

/**
 * The metadata root that `path` (a file or folder, normalized) lies inside, when one of its parent
 * folders is a valid config v3 root: `check` run from `metadata/databases`, or on one file.
 */
export function enclosingRoot(path: string, host: FileSystemHost): string | undefined {
  for (let dir = dirname(path); dir !== path; path = dir, dir = dirname(dir)) {
    const entries = host.readDir(dir);
    if (!entries) continue;
    const found: Discovery = { roots: [], problems: [] };
    inspect(dir, entries, host, found);
    if (found.roots.length > 0) return dir;
    if (found.problems.length > 0) return undefined;
  }
  return undefined;
}

function walk(dir: string, host: FileSystemHost, depth: number, found: Discovery, parse: Parse): void {
  const entries = host.readDir(dir);
  if (!entries || depth > MAX_DEPTH) return;
  inspect(dir, entries, host, found, parse);
  for (const entry of entries) {
    if (entry.isDirectory && !SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name), host, depth + 1, found, parse);
  }
}

/** A folder is metadata when it holds version.yaml or databases/databases.yaml next to other known files. */
function inspect(dir: string, entries: readonly DirEntry[], host: FileSystemHost, found: Discovery, parse: Parse = parseYamlFile): void {
  const names = new Set(entries.map((e) => e.name));
  const looksLikeMetadata = [...names].filter((n) => KNOWN_NAMES.has(n) && n !== 'version.yaml').length > 0;
  if (!names.has('version.yaml')) {
    if (names.has('databases') && host.readFile(join(dir, 'databases', 'databases.yaml')).kind === 'text') {
      found.problems.push(missingVersion(dir));
    }
    return;
  }
  if (!looksLikeMetadata) return;
  const problem = checkVersion(join(dir, 'version.yaml'), host, parse);
  if (problem) found.problems.push(problem);
  else found.roots.push(dir);
}

function missingVersion(dir: string): Finding {
  return {
    code: 'version-missing',
    severity: 'error',
    message: 'This metadata folder has databases/databases.yaml but no version.yaml; the engine CLI needs `version: 3` there.',
    file: join(dir, 'databases', 'databases.yaml'),
    span: { start: 0, end: 0 },
    data: { root: dir },
  };
}

function checkVersion(path: string, host: FileSystemHost, parse: Parse): Finding | undefined {
  const read = host.readFile(path);
  const at = (message: string, span = { start: 0, end: 0 }): Finding => ({ code: 'version-invalid', severity: 'error', message, file: path, span });
  if (read.kind !== 'text') return at('version.yaml could not be read as text.');
  const file = parse(path, read.text);
  const node = get(file.doc.contents, 'version');
  const value = (node as { value?: unknown } | null | undefined)?.value;
  if (value === 3) return undefined;
  if (value === 2 || value === 1) {
    return {
      ...at(
        `This is a config v${value} project; only config v3 is supported. Upgrade it with the engine CLI: \`hasura scripts update-project-v3\`.`,
        spanOf(node),
      ),
      code: 'version-unsupported',
    };
  }
  if (node === undefined) return at('version.yaml has no `version` key; config v3 projects say `version: 3`.');
  return at(`\`version\` must be 3 for a config v3 project, not ${JSON.stringify(value ?? null)}.`, spanOf(node));
}
