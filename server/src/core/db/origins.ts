import type { DatabaseModel, SqlOrigin } from './model';
import { relationKey } from './model';
import type { SqlToken } from './sql/split';
import { sqlTokens } from './sql/split';

/**
 * Where each table, view, function, type and column of a model was created, read from the
 * statements that applied (CREATE TABLE / VIEW / MATERIALIZED VIEW / FUNCTION / TYPE, ALTER TABLE
 * ... ADD COLUMN, RENAME COLUMN, RENAME TO): for go to definition. A later statement wins (CREATE OR
 * REPLACE, a rename). Unqualified names are taken to be in `public`.
 */
export interface Origins {
  /** By `schema.name`: tables, views, materialized views. */
  readonly relations: Map<string, SqlOrigin>;
  /** By `schema.table` then column name. */
  readonly columns: Map<string, Map<string, SqlOrigin>>;
  readonly functions: Map<string, SqlOrigin>;
  readonly types: Map<string, SqlOrigin>;
}

interface AppliedStatement {
  readonly file: string;
  /** Offsets of the statement in the file. */
  readonly start: number;
  readonly end: number;
  readonly sql: string;
}

export function emptyOrigins(): Origins {
  return { relations: new Map(), columns: new Map(), functions: new Map(), types: new Map() };
}

/** Records what one applied statement created or renamed. */
export function recordOrigins(origins: Origins, statement: AppliedStatement): void {
  const t = new Tokens(sqlTokens(statement.sql));
  const at = (start: number, end: number): SqlOrigin => ({ file: statement.file, start: statement.start + start, end: statement.start + end });
  const whole = at(0, statement.sql.length);
  if (!t.word('create')) {
    if (t.word('alter') && t.word('table')) alterTable(origins, t, at, whole);
    return;
  }
  if (t.word('or')) t.word('replace');
  t.skipWords(['temp', 'temporary', 'unlogged', 'global', 'local', 'recursive', 'foreign']);
  if (t.word('table')) {
    t.ifNotExists();
    const name = t.qualifiedName();
    if (name === undefined) return;
    origins.relations.set(name, whole);
    const columns = new Map<string, SqlOrigin>();
    if (t.punct('(')) for (const item of t.listItems()) columnDefinition(item, columns, at);
    origins.columns.set(name, columns);
  } else if (t.word('view') || (t.word('materialized') && t.word('view'))) {
    t.ifNotExists();
    const name = t.qualifiedName();
    if (name !== undefined) origins.relations.set(name, whole);
  } else if (t.word('function')) {
    const name = t.qualifiedName();
    if (name !== undefined) origins.functions.set(name, whole);
  } else if (t.word('type')) {
    const name = t.qualifiedName();
    if (name !== undefined) origins.types.set(name, whole);
  }
}

const NOT_COLUMNS = new Set(['constraint', 'primary', 'unique', 'foreign', 'check', 'exclude', 'like']);

function columnDefinition(item: readonly SqlToken[], columns: Map<string, SqlOrigin>, at: (s: number, e: number) => SqlOrigin): void {
  const first = item[0];
  const last = item[item.length - 1];
  if (first === undefined || last === undefined || (first.kind === 'word' && NOT_COLUMNS.has(first.value.toLowerCase()))) return;
  const name = identifier(first);
  if (name !== undefined) columns.set(name, at(first.start, last.end));
}

function alterTable(origins: Origins, t: Tokens, at: (s: number, e: number) => SqlOrigin, whole: SqlOrigin): void {
  if (t.word('if')) t.word('exists');
  t.word('only');
  const table = t.qualifiedName();
  if (table === undefined) return;
  if (t.word('rename')) {
    if (t.word('to')) {
      const to = t.name();
      if (to === undefined) return;
      const renamed = `${table.slice(0, table.lastIndexOf('.'))}.${to}`;
      origins.relations.set(renamed, whole);
      origins.relations.delete(table);
      origins.columns.set(renamed, origins.columns.get(table) ?? new Map<string, SqlOrigin>());
      origins.columns.delete(table);
      return;
    }
    t.word('column');
    const from = t.name();
    if (from === undefined || !t.word('to')) return;
    const to = t.name();
    const columns = origins.columns.get(table) ?? new Map<string, SqlOrigin>();
    const before = columns.get(from);
    columns.delete(from);
    if (to !== undefined) columns.set(to, { ...whole, renamedFrom: [...(before?.renamedFrom ?? []), from] });
    origins.columns.set(table, columns);
    return;
  }
  const columns = origins.columns.get(table) ?? new Map<string, SqlOrigin>();
  for (const action of t.listItems()) {
    if (action[0]?.kind !== 'word' || action[0].value.toLowerCase() !== 'add') continue;
    const rest = new Tokens(action.slice(1));
    rest.word('column');
    rest.ifNotExists();
    const definition = rest.rest();
    if (definition.length > 0) columnDefinition(definition, columns, at);
  }
  origins.columns.set(table, columns);
}

/** Puts the recorded origins into the model (a copy; objects without a recorded origin are left as they are). */
export function withOrigins(model: DatabaseModel, origins: Origins): DatabaseModel {
  const relations = Object.fromEntries(
    Object.entries(model.relations).map(([key, r]) => {
      const columns = origins.columns.get(key);
      const origin = origins.relations.get(key);
      return [
        key,
        {
          ...r,
          ...(origin !== undefined ? { origin } : {}),
          columns: r.columns.map((c) => {
            const at = columns?.get(c.name);
            return at !== undefined ? { ...c, origin: at } : c;
          }),
        },
      ];
    }),
  );
  const functions = Object.fromEntries(
    Object.entries(model.functions).map(([key, overloads]) => {
      const origin = origins.functions.get(key);
      return [key, origin === undefined ? overloads : overloads.map((f) => ({ ...f, origin }))];
    }),
  );
  const enums = Object.fromEntries(
    Object.entries(model.enums).map(([key, e]) => {
      const origin = origins.types.get(key);
      return [key, origin === undefined ? e : { ...e, origin }];
    }),
  );
  return { ...model, relations, functions, enums };
}

/** Words that are SQL, not names (left out of the names a failed statement mentions). */
const KEYWORDS = new Set(
  (
    'add alter and as asc by cascade check column comment constraint create default delete desc drop ' +
    'exists foreign from function grant if in index insert into is key language not null on only or owner primary ' +
    'references rename replace returns revoke schema select set table to trigger type unique update using values view where with'
  ).split(' '),
);

/**
 * The names a statement mentions (identifiers outside strings and bodies, lower-cased, both parts of
 * a qualified name): what the model cannot judge when the statement failed.
 */
export function mentionedNames(sql: string): string[] {
  const names = new Set<string>();
  for (const token of sqlTokens(sql)) {
    if (token.kind === 'ident') names.add(token.value.toLowerCase());
    else if (token.kind === 'word' && /^[A-Za-z_\u0080-\uffff]/.test(token.value) && !KEYWORDS.has(token.value.toLowerCase()))
      names.add(token.value.toLowerCase());
  }
  return [...names];
}

function identifier(token: SqlToken | undefined): string | undefined {
  if (token?.kind === 'ident') return token.value;
  if (token?.kind === 'word' && /^[A-Za-z_\u0080-\uffff]/.test(token.value)) return token.value.toLowerCase();
  return undefined;
}

/** A cursor over a statement's tokens. */
class Tokens {
  private i = 0;

  constructor(private readonly tokens: readonly SqlToken[]) {}

  word(w: string): boolean {
    const t = this.tokens[this.i];
    if (t?.kind === 'word' && t.value.toLowerCase() === w) {
      this.i++;
      return true;
    }
    return false;
  }

  skipWords(words: readonly string[]): void {
    while (words.some((w) => this.word(w)));
  }

  punct(p: string): boolean {
    const t = this.tokens[this.i];
    if (t?.kind === 'punct' && t.value === p) {
      this.i++;
      return true;
    }
    return false;
  }

  ifNotExists(): void {
    if (this.word('if')) {
      this.word('not');
      this.word('exists');
    }
  }

  name(): string | undefined {
    const name = identifier(this.tokens[this.i]);
    if (name !== undefined) this.i++;
    return name;
  }

  /** `schema.name` or `name` (then in `public`), as a model key. */
  qualifiedName(): string | undefined {
    const first = this.name();
    if (first === undefined) return undefined;
    if (!this.punct('.')) return relationKey('public', first);
    const second = this.name();
    return second === undefined ? undefined : relationKey(first, second);
  }

  /** The items of a comma-separated list up to the closing parenthesis (or the end): each a token run. */
  listItems(): SqlToken[][] {
    const items: SqlToken[][] = [];
    let current: SqlToken[] = [];
    let depth = 0;
    for (; this.i < this.tokens.length; this.i++) {
      const t = this.tokens[this.i]!;
      if (t.kind === 'punct' && depth === 0 && (t.value === ',' || t.value === ')')) {
        if (current.length > 0) items.push(current);
        current = [];
        if (t.value === ')') break;
        continue;
      }
      if (t.kind === 'punct' && t.value === '(') depth++;
      if (t.kind === 'punct' && t.value === ')') depth--;
      current.push(t);
    }
    if (current.length > 0) items.push(current);
    return items;
  }

  rest(): SqlToken[] {
    return this.tokens.slice(this.i);
  }
}
