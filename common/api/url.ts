/** Base URL handling: http(s) only, no credentials, endpoints joined whatever the trailing slash. */

export type BaseUrlResult = { ok: true; url: URL } | { ok: false; message: string };

export function parseBaseUrl(base: string): BaseUrlResult {
  const text = base.trim();
  if (text === '') return { ok: false, message: 'No server URL is set.' };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return { ok: false, message: `The server URL "${text}" has no scheme; write it as http://${text} or https://${text}.` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `The server URL "${text}" is not a valid URL (expected e.g. http://localhost:8080).` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `The server URL must use http or https, not "${url.protocol.replace(/:$/, '')}".` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'The server URL must not contain a user name or password; set the admin secret instead.' };
  }
  url.search = '';
  url.hash = '';
  return { ok: true, url };
}

/** `{base}/{path}`: keeps a path prefix of the base (e.g. a reverse proxy's `/hasura`). */
export function endpointUrl(base: URL, path: string): URL {
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.href);
  url.pathname = `${prefix}/${path.replace(/^\/+/, '')}`;
  return url;
}

/** A URL as shown to people: no query string or fragment. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    // Silent: not a URL: shown cut short, as text.
    return url.slice(0, 200);
  }
}

export function sameOrigin(a: URL | string, b: URL | string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    // Silent: a string that is not a URL is no origin.
    return false;
  }
}
