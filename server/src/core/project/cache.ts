import { fromCompact } from '../parse/compact';
import { parseYamlFile, readByQuickPack, yamlFileOf } from '../parse/yamlFile';
import type { YamlFile } from '../parse/yamlFile';

/**
 * Parses kept between processes, keyed by file content (the language server keeps one on disk, see
 * server/src/node/parseStore.ts). `load` gives what `save` was given for the same text, or undefined.
 */
export interface ParseStore {
  load(text: string): unknown;
  save(text: string, compact: unknown): void;
}

/**
 * Parsed files keyed by path and content: a file whose text did not change is never parsed again.
 * One instance lives as long as the process that checks (CLI run, language server); with a store, a
 * file whose content was parsed by an earlier process is rebuilt from the store instead of parsed.
 */
export class ParseCache {
  private readonly entries = new Map<string, YamlFile>();
  parses = 0;
  /** Files rebuilt from the store instead of parsed. */
  restored = 0;
  /** Files parsed elsewhere (worker threads) and handed over with `adopt`. */
  adopted = 0;

  constructor(private store?: ParseStore) {}

  /** Uses `store` from now on (the language server opens it once it knows the workspace folders). */
  attach(store: ParseStore): void {
    this.store = store;
  }

  get(path: string, text: string): YamlFile {
    const cached = this.entries.get(path);
    if (cached && cached.text === text) return cached;
    const parsed = this.restore(path, text) ?? this.parse(path, text);
    this.entries.set(path, parsed);
    return parsed;
  }

  private parse(path: string, text: string): YamlFile {
    this.parses++;
    return parseYamlFile(path, text);
  }

  private restore(path: string, text: string): YamlFile | undefined {
    const compact = this.store?.load(text);
    const doc = compact === undefined ? undefined : fromCompact(compact, text);
    if (!doc) return undefined;
    this.restored++;
    return yamlFileOf(path, text, doc);
  }

  /**
   * Keeps a parse made elsewhere (a worker thread of the CLI parses files in parallel and hands them
   * over): a later `get` of the same path and text returns it instead of parsing.
   */
  adopt(yaml: YamlFile): void {
    this.adopted++;
    this.entries.set(yaml.path, yaml);
  }

  /** The parse of every file as it is now. */
  current(): YamlFile[] {
    return [...this.entries.values()];
  }

  /**
   * The files worth keeping in a store: those yaml parsed (or that were restored). A file the quick
   * pack reads (parse/quick) is read again faster than it is restored.
   */
  storable(): YamlFile[] {
    return this.current().filter((file) => !readByQuickPack(file));
  }

  delete(path: string): void {
    this.entries.delete(path);
  }

  get size(): number {
    return this.entries.size;
  }
}
