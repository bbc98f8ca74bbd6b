import type { ForeignColumn } from './tables';
import type { TableFact } from './types';

interface Entry {
  readonly fact: TableFact;
  readonly foreign: readonly ForeignColumn[];
}

/**
 * Table facts remembered per parsed table file (and source), so a keystroke re-reads only the file
 * that changed. Only files without includes are remembered: their facts depend on their text alone.
 */
export class IndexMemo {
  private readonly tables = new WeakMap<object, Map<string, Entry>>();

  get(file: object, source: string): Entry | undefined {
    return this.tables.get(file)?.get(source);
  }

  set(file: object, source: string, entry: Entry): void {
    const bySource = this.tables.get(file) ?? new Map<string, Entry>();
    bySource.set(source, entry);
    this.tables.set(file, bySource);
  }
}

/** A copy of a remembered fact whose column lists can take this build's foreign columns. */
export function freshCopy(fact: TableFact): TableFact {
  return { ...fact, columns: new Map([...fact.columns].map(([column, locs]) => [column, [...locs]])) };
}
