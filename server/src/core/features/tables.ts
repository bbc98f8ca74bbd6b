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
    const remoteColumns = (r: RelationshipFact): string[] => {
      const other = foreignKeyUsing(this.walk, r);
      return other?.kind === 'remote' ? other.columns : [];
    };
    const matches = this.result.index.tables.filter(
      (other) =>
        other.source === table.source &&
        other.relationships.some((r) => r.target && tableKey(r.target) === table.key && sameSet(remoteColumns(r), using.columns)),
    );
    return matches.length === 1 ? matches[0] : undefined;
  }
}

function id(source: string, key: string): string {
  return `${source}\u0000${key}`;
}
