/**
 * Where the admin secret may go, and under which key it is kept. Pure (no vscode), so the rules
 * are tested in plain node: the secret lives in VS Code's SecretStorage under a key per server
 * origin, is sent only to that origin, and plain http to another machine needs the user's yes.
 */
import { parseBaseUrl } from '../../../common/api/url';

const SECRET_PREFIX = 'graphqlMetadata.adminSecret:';

/** The SecretStorage key of a server's admin secret: one per origin (scheme, host, port). */
export function secretKey(origin: string): string {
  return `${SECRET_PREFIX}${origin}`;
}

export type OriginResult = { ok: true; origin: string; url: URL } | { ok: false; message: string };

/** The origin of a server URL, or why the URL is not usable. */
export function originOf(serverUrl: string): OriginResult {
  const parsed = parseBaseUrl(serverUrl);
  return parsed.ok ? { ok: true, origin: parsed.url.origin, url: parsed.url } : { ok: false, message: parsed.message };
}

/** Host names that stay on this machine: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** True when sending the secret to `url` would cross a network unencrypted. */
export function needsPlainHttpConsent(url: URL): boolean {
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** `host:port` as the status bar shows a server. */
export function serverLabel(url: URL): string {
  return url.host;
}

/** The URL to use: the folder's setting when set, else the CLI's config.yaml endpoint (to offer), else none. */
export function chooseServerUrl(setting: string | undefined, endpoint: string | undefined): { url: string; from: 'setting' | 'config.yaml' } | undefined {
  const fromSetting = setting?.trim() ?? '';
  if (fromSetting !== '') return { url: fromSetting, from: 'setting' };
  const fromConfig = endpoint?.trim() ?? '';
  return fromConfig !== '' ? { url: fromConfig, from: 'config.yaml' } : undefined;
}
