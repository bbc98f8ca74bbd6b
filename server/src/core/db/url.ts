/**
 * Postgres connection URLs (`postgres://user:password@host:port/database?param=value`), read by
 * hand (the core has no URL class), and the one function that keeps their passwords out of every
 * message, log, finding and status.
 */

interface PostgresUrlParts {
  readonly user: string;
  /** Decoded; undefined when the URL carries none (in its user info or as `?password=`). */
  readonly password: string | undefined;
  /** As written (may list several `host:port`s). */
  readonly hosts: string;
  readonly database: string;
  /** The password exactly as written in the URL (percent-encoded or not), for redaction. */
  readonly rawPasswords: readonly string[];
}

const SCHEME = /^(postgres(?:ql)?):\/\//i;
const MASK = '***';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Silent: a malformed %-escape is shown as written.
    return text;
  }
}

/** Splits a URL after its scheme into user info (up to the last `@` before the query) and the rest. */
function splitAuthority(afterScheme: string): { userInfo: string | undefined; rest: string } {
  const query = afterScheme.indexOf('?');
  const beforeQuery = query < 0 ? afterScheme : afterScheme.slice(0, query);
  const at = beforeQuery.lastIndexOf('@');
  return at < 0 ? { userInfo: undefined, rest: afterScheme } : { userInfo: afterScheme.slice(0, at), rest: afterScheme.slice(at + 1) };
}

function queryPasswords(query: string): string[] {
  return query.split('&').flatMap((pair) => (/^password=/i.test(pair) ? [pair.slice('password='.length)] : []));
}

/** The parts of a `postgres://` or `postgresql://` URL; undefined for anything else. */
export function parsePostgresUrl(url: string): PostgresUrlParts | undefined {
  const scheme = SCHEME.exec(url);
  if (!scheme) return undefined;
  const { userInfo, rest } = splitAuthority(url.slice(scheme[0].length));
  const colon = userInfo?.indexOf(':') ?? -1;
  const rawUser = userInfo === undefined ? '' : colon < 0 ? userInfo : userInfo.slice(0, colon);
  const infoPassword = userInfo !== undefined && colon >= 0 ? userInfo.slice(colon + 1) : undefined;
  const queryAt = rest.indexOf('?');
  const path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const fromQuery = queryAt < 0 ? [] : queryPasswords(rest.slice(queryAt + 1));
  const slash = path.indexOf('/');
  const rawPasswords = [...(infoPassword === undefined ? [] : [infoPassword]), ...fromQuery].filter((p) => p !== '');
  const password = fromQuery.length > 0 ? decode(fromQuery[fromQuery.length - 1]!) : infoPassword === undefined ? undefined : decode(infoPassword);
  return {
    user: decode(rawUser),
    password,
    hosts: slash < 0 ? path : path.slice(0, slash),
    database: slash < 0 ? '' : decode(path.slice(slash + 1)),
    rawPasswords,
  };
}

/** `host:port/database` of a URL, for statuses and messages (never the user or password). */
export function describeUrl(url: string): string {
  const parts = parsePostgresUrl(url);
  if (!parts) return 'a URL that is not postgres://';
  return `${parts.hosts || 'localhost'}/${parts.database || parts.user || '(default database)'}`;
}

/** Every spelling of a password that could reach a message: as written, decoded, encoded. */
function spellings(parts: PostgresUrlParts): string[] {
  const all = new Set<string>();
  for (const raw of parts.rawPasswords) {
    const decoded = decode(raw.replace(/\+/g, ' '));
    for (const s of [raw, decode(raw), decoded, encodeURIComponent(decode(raw))]) if (s !== '') all.add(s);
  }
  // Longest first, so a password is never half-replaced by a shorter spelling of itself.
  return [...all].sort((a, b) => b.length - a.length);
}

/**
 * Removes database passwords from `text`: every spelling of the password of each given URL, the
 * password of any `scheme://user:password@` in the text, and any `password=...` parameter. The one
 * function every message, status and log line about a database goes through.
 */
export function redactPasswords(text: string, urls: readonly string[] = []): string {
  let out = text;
  for (const url of urls) {
    const parts = parsePostgresUrl(url);
    if (parts) for (const secret of spellings(parts)) out = out.split(secret).join(MASK);
  }
  out = out.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@'"`]*):[^\s'"`]*@/gi, (_m, head: string) => `${head}:${MASK}@`);
  return out.replace(/(\bpassword=)[^&\s'"`]*/gi, `$1${MASK}`);
}
