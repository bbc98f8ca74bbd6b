import type { ForeignColumn } from './tables';
import type { TableFact } from './types';

export interface MemoEntry {
  readonly fact: TableFact;
  readonly foreign: readonly ForeignColumn[];
}

/**
 * Table facts remembered per parsed table file (and source), so a keystroke re-reads only the file
 * that changed. Only files without includes are remembered: their facts depend on their text alone.
 * A remembered fact is never changed: foreign columns go on a copy (`withForeignColumns`).
 */
export class IndexMemo {
  private readonly tables = new WeakMap<object, Map<string, MemoEntry>>();

  get(file: object, source: string): MemoEntry | undefined {
    return this.tables.get(file)?.get(source);
  }

  set(file: object, source: string, entry: MemoEntry): void {
    const bySource = this.tables.get(file) ?? new Map<string, MemoEntry>();
    bySource.set(source, entry);
    this.tables.set(file, bySource);
  }
}
