import type { SqlDatabase } from './runner';

/**
 * What the embedded database lacks that the project's real server has, made on demand when a
 * statement fails for it, so the statement can run again:
 * - a role (`ALTER ... OWNER TO x`, `GRANT ... TO x`): created;
 * - a schema the migrations never create (nhost's `auth`, `storage`): created, and marked external;
 * - a table in such a schema that a foreign key points at: a stand-in with the key columns, uuid
 *   at first, then of the referencing column's type when Postgres says they do not match.
 */
interface SqlError {
  readonly message: string;
  /** Postgres's DETAIL, when it gave one. */
  readonly detail?: string;
}

export class Healer {
  private readonly roles = new Set<string>();
  private readonly external = new Set<string>();
  /** Stand-in tables by `schema.table`, with their key columns and type. */
  private readonly standIns = new Map<string, { columns: string[]; type: string }>();

  constructor(
    private readonly db: SqlDatabase,
    private readonly createdSchemas: ReadonlySet<string>,
  ) {}

  get externalSchemas(): string[] {
    return [...this.external].sort();
  }

  /** Makes what `failure` says is missing; true when `sql` (one statement, or a whole file when `whole`) is worth running again. */
  async heal(failure: SqlError, sql: string, whole: boolean): Promise<boolean> {
    const error = failure.message;
    const role = /^role "([^"]+)" does not exist$/.exec(error)?.[1];
    if (role !== undefined) return this.once(this.roles, role, `CREATE ROLE ${quoteIdent(role)}`);
    const schema = /^schema "([^"]+)" does not exist$/.exec(error)?.[1];
    if (schema !== undefined) return !this.createdSchemas.has(schema.toLowerCase()) && this.once(this.external, schema, `CREATE SCHEMA ${quoteIdent(schema)}`);
    const relation = /^relation "([^".]+)\.([^".]+)" does not exist$/.exec(error);
    if (relation?.[1] !== undefined && relation[2] !== undefined && this.external.has(relation[1])) return this.standIn(relation[1], relation[2], sql);
    // Which stand-in a key type mismatch is about is only clear for one statement (whole files fall back to statements).
    const types = /incompatible types: (.+) and (.+)\.$/.exec(failure.detail ?? '');
    if (!whole && /^foreign key constraint ".*" cannot be implemented$/.test(error) && types?.[1] !== undefined) return this.retype(sql, types[1]);
    return false;
  }

  private async once(done: Set<string>, name: string, sql: string): Promise<boolean> {
    if (done.has(name)) return false;
    done.add(name);
    return this.tryExec(sql);
  }

  private async standIn(schema: string, table: string, sql: string): Promise<boolean> {
    const key = `${schema}.${table}`;
    if (this.standIns.has(key)) return false;
    const columns = referencedColumns(sql, schema, table);
    if (columns === undefined) return false;
    this.standIns.set(key, { columns, type: 'uuid' });
    return this.tryExec(standInSql(schema, table, columns, 'uuid'));
  }

  /** The key type did not match: the stand-in the statement points at, while nothing else points at it, gets the referencing type. */
  private async retype(sql: string, type: string): Promise<boolean> {
    const [key, standIn] = [...this.standIns].find(([k]) => referencedColumns(sql, ...splitKey(k)) !== undefined) ?? [];
    if (key === undefined || standIn === undefined || standIn.type === type || !/^[a-z][a-z0-9 ]*(\([0-9, ]+\))?(\[\])?$/.test(type)) return false;
    const [schema, table] = splitKey(key);
    const { rows } = await this.db.query(
      `SELECT count(*)::int AS n FROM pg_constraint WHERE confrelid = '${quoteIdent(schema)}.${quoteIdent(table)}'::regclass`,
    );
    if (rows[0]?.n !== 0) return false;
    standIn.type = type;
    return this.tryExec(`DROP TABLE ${quoteIdent(schema)}.${quoteIdent(table)}; ${standInSql(schema, table, standIn.columns, type)}`);
  }

  private async tryExec(sql: string): Promise<boolean> {
    try {
      await this.db.exec(sql);
      return true;
    } catch {
      // Silent: false is the answer: this healing step did not help, the statement's own failure is reported.
      return false;
    }
  }
}

function splitKey(key: string): [string, string] {
  const dot = key.indexOf('.');
  return [key.slice(0, dot), key.slice(dot + 1)];
}

function standInSql(schema: string, table: string, columns: readonly string[], type: string): string {
  const defs = columns.map((c) => `${quoteIdent(c)} ${type} NOT NULL`).join(', ');
  return `CREATE TABLE ${quoteIdent(schema)}.${quoteIdent(table)} (${defs}, PRIMARY KEY (${columns.map(quoteIdent).join(', ')}))`;
}

/** The columns of `REFERENCES schema.table (a, b)` in `sql` (names quoted or not), if it has one. */
function referencedColumns(sql: string, schema: string, table: string): string[] | undefined {
  const name = (n: string): string => `(?:"${escape(n)}"|${escape(n)})`;
  const match = new RegExp(`references\\s+${name(schema)}\\s*\\.\\s*${name(table)}\\s*\\(([^)]*)\\)`, 'i').exec(sql);
  if (match?.[1] === undefined) return undefined;
  const columns = match[1]
    .split(',')
    .map((c) => c.trim())
    .map((c) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c.toLowerCase()))
    .filter((c) => c !== '');
  return columns.length > 0 ? columns : undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
