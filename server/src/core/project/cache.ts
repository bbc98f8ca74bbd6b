import { parseYamlFile } from '../parse/yamlFile';
import type { YamlFile } from '../parse/yamlFile';

/**
 * Parsed files keyed by path and content: a file whose text did not change is never parsed again.
 * One instance lives as long as the process that checks (CLI run, language server).
 */
export class ParseCache {
  private readonly entries = new Map<string, YamlFile>();
  parses = 0;

  get(path: string, text: string): YamlFile {
    const cached = this.entries.get(path);
    if (cached && cached.text === text) return cached;
    const parsed = parseYamlFile(path, text);
    this.parses++;
    this.entries.set(path, parsed);
    return parsed;
  }

  delete(path: string): void {
    this.entries.delete(path);
  }

  get size(): number {
    return this.entries.size;
  }
}
