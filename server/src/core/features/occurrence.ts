import type { Loc } from '../project/index/types';
import type { Project } from '../project/project';
import { nameSpan, quoteAround } from './text';

/** What a name in the metadata stands for. Tables and relationships are per source. */
export type SymbolRef =
  | { readonly kind: 'table'; readonly source: string; readonly table: string }
  | { readonly kind: 'relationship'; readonly source: string; readonly table: string; readonly name: string }
  | { readonly kind: 'collection'; readonly name: string }
  | { readonly kind: 'query'; readonly collection: string; readonly name: string }
  | { readonly kind: 'role'; readonly name: string }
  | { readonly kind: 'action'; readonly name: string };

/** One place a symbol is named: a definition (a relationship's `name:`) or a use (a filter key). */
export interface Occurrence {
  readonly symbol: SymbolRef;
  readonly id: string;
  /** The name text itself (inside its quotes); the whole reference for tables. */
  readonly loc: Loc;
  readonly definition: boolean;
  /** The text at `loc` is exactly the name, so a rename may replace it. */
  readonly exact: boolean;
  readonly quote?: '"' | "'";
  /** In GraphQL text: actions.graphql, or a collection's operation (a name there needs no YAML quoting). */
  readonly graphql?: boolean;
}

export function symbolId(s: SymbolRef): string {
  switch (s.kind) {
    case 'table':
      return `table\u0000${s.source}\u0000${s.table}`;
    case 'relationship':
      return `relationship\u0000${s.source}\u0000${s.table}\u0000${s.name}`;
    case 'query':
      return `query\u0000${s.collection}\u0000${s.name}`;
    default:
      return `${s.kind}\u0000${s.name}`;
  }
}

/** A human name of a symbol, e.g. `relationship public.article.author`. */
export function describeSymbol(s: SymbolRef): string {
  switch (s.kind) {
    case 'table':
      return `table ${s.table}`;
    case 'relationship':
      return `relationship ${s.table}.${s.name}`;
    case 'query':
      return `query ${s.name} of collection ${s.collection}`;
    case 'collection':
      return `query collection ${s.name}`;
    default:
      return `${s.kind} ${s.name}`;
  }
}

/** Collects occurrences, narrowing each scalar's span to the name inside its quotes. */
export class OccurrenceSink {
  readonly all: Occurrence[] = [];

  constructor(private readonly project: Project) {}

  /** `loc` is the scalar as the index has it; `name` the text it must hold to be renamable. */
  add(symbol: SymbolRef, loc: Loc, definition: boolean, name?: string): void {
    const text = this.project.files.get(loc.file)?.text ?? '';
    const narrowed = name === undefined ? { span: loc.span, exact: false } : nameSpan(text, loc.span, name);
    const quote = narrowed.exact ? quoteAround(text, narrowed.span) : undefined;
    this.all.push({
      symbol,
      id: symbolId(symbol),
      loc: { file: loc.file, span: narrowed.span },
      definition,
      exact: narrowed.exact,
      ...(quote ? { quote } : {}),
    });
  }

  /** A name that is only the start of a key (`articles` in `articles_aggregate`). */
  addPrefix(symbol: SymbolRef, keyLoc: Loc, key: string, length: number): void {
    const text = this.project.files.get(keyLoc.file)?.text ?? '';
    const inner = nameSpan(text, keyLoc.span, key);
    if (!inner.exact) return;
    this.all.push({
      symbol,
      id: symbolId(symbol),
      loc: { file: keyLoc.file, span: { start: inner.span.start, end: inner.span.start + length } },
      definition: false,
      exact: true,
    });
  }

  /** A name in GraphQL text (actions.graphql, a collection's operation): no YAML quoting to keep. */
  addGraphql(symbol: SymbolRef, loc: Loc, definition = true): void {
    this.all.push({ symbol, id: symbolId(symbol), loc, definition, exact: true, graphql: true });
  }
}
