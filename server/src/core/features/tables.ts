import type { RootResult } from '../check';
import { foreignKeyUsing, sameSet } from '../project/index/foreignKeyUsing';
import { tableKey } from '../project/index/tableRef';
import type { QualifiedTable, RelationshipFact, TableFact } from '../project/index/types';
import { Walk } from '../project/index/walk';

/**
 * Tables of a root by source and name, and the table each relationship leads to: the table it
 * names, or, for an object relationship on local columns, the table whose relationship back to it
 * uses the same columns (`article.author_id` -> the author table's `articles` on `author_id`).
 */
export class TableLookup {
  private readonly byKey = new Map<string, TableFact>();
  private readonly targets = new Map<RelationshipFact, TableFact | undefined>();
  readonly walk: Walk;

  constructor(readonly result: RootResult) {
    this.walk = new Walk(result.project);
    for (const t of result.index.tables) if (!this.byKey.has(id(t.source, t.key))) this.byKey.set(id(t.source, t.key), t);
  }

  find(source: string, table: QualifiedTable | string): TableFact | undefined {
    return this.byKey.get(id(source, typeof table === 'string' ? table : tableKey(table)));
  }

  /** The table of `rel` (object/array relationships), when the metadata tells. */
  targetOf(table: TableFact, rel: RelationshipFact): TableFact | undefined {
    if (!this.targets.has(rel)) this.targets.set(rel, this.resolve(table, rel));
    return this.targets.get(rel);
  }

  private resolve(table: TableFact, rel: RelationshipFact): TableFact | undefined {
    if (rel.target) return this.find(table.source, rel.target);
    if (rel.kind !== 'object') return undefined;
    const using = foreignKeyUsing(this.walk, rel);
    if (using?.kind !== 'local' || using.columns.length === 0) return undefined;
    const matches = new Set((this.inbound().get(id(table.source, table.key)) ?? []).filter((back) => sameSet(back.columns, using.columns)).map((b) => b.from));
    return matches.size === 1 ? [...matches][0] : undefined;
  }

  /**
   * Relationships that name their target table and use the target's columns
   * (`foreign_key_constraint_on: {table, columns}`), by the target's source and key: made once, so
   * resolving every object relationship of 1,000 tables is not a scan of every table each (3 s).
   */
  private inbound(): Map<string, { readonly from: TableFact; readonly columns: string[] }[]> {
    if (this.inboundByTarget) return this.inboundByTarget;
    const inbound = new Map<string, { readonly from: TableFact; readonly columns: string[] }[]>();
    for (const from of this.result.index.tables)
      for (const r of from.relationships) {
        if (!r.target) continue;
        const other = foreignKeyUsing(this.walk, r);
        const key = id(from.source, tableKey(r.target));
        let list = inbound.get(key);
        if (!list) inbound.set(key, (list = []));
        list.push({ from, columns: other?.kind === 'remote' ? other.columns : [] });
      }
    return (this.inboundByTarget = inbound);
  }

  private inboundByTarget: Map<string, { readonly from: TableFact; readonly columns: string[] }[]> | undefined;
}

function id(source: string, key: string): string {
  return `${source}\u0000${key}`;
}
