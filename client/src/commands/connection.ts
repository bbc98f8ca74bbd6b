/**
 * Connection to the GraphQL engine of a metadata root: its URL (the folder's setting, else an
 * offer of the CLI config.yaml's endpoint), the header settings, and the admin secret, which lives
 * only in SecretStorage under its server's origin and is read per request.
 */
import * as vscode from 'vscode';
import { createMetadataClient } from '../../../common/api';
import { extensionAdvice } from './advice';
import type { MetadataClient } from '../../../common/api';
import type { Dialect } from '../../../common/api/types';
import type { ProjectFacts } from '../../../common/protocol';
import type { CommandLog } from './logger';
import { chooseServerUrl, needsPlainHttpConsent, originOf, secretKey } from './policy';
import { input } from './prompts';

export interface EngineTarget {
  readonly folder?: vscode.WorkspaceFolder;
  readonly facts?: ProjectFacts;
}

export interface EngineSession {
  readonly client: MetadataClient;
  readonly url: URL;
  readonly origin: string;
  readonly dialect: Dialect;
}

export type Opened = { readonly ok: true; readonly session: EngineSession } | { readonly ok: false; readonly message: string };

interface ServerSettings {
  readonly url: string;
  readonly dialect: Dialect;
  readonly roleHeader: string;
  readonly adminSecretHeader: string;
  readonly timeoutSeconds: number;
}

export const UNTRUSTED_MESSAGE = 'This workspace is in Restricted Mode: GraphQL Metadata sends no request to a server until you trust it.';

export class EngineConnections {
  private readonly consented = new Set<string>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: CommandLog,
  ) {}

  settings(folder: vscode.WorkspaceFolder | undefined): ServerSettings {
    const config = vscode.workspace.getConfiguration('graphqlMetadata.server', folder?.uri);
    return {
      url: config.get<string>('url', ''),
      dialect: config.get<string>('dialect', 'spec') === 'engine' ? 'engine' : 'spec',
      roleHeader: config.get<string>('roleHeader', ''),
      adminSecretHeader: config.get<string>('adminSecretHeader', '') || 'x-hasura-admin-secret',
      timeoutSeconds: config.get<number>('timeoutSeconds', 30),
    };
  }

  /**
   * The server URL of a folder: its setting; else (when asking is allowed) the config.yaml endpoint
   * offered in a box, or an empty box, saved to the folder's setting once accepted.
   */
  async serverUrl(target: EngineTarget, interactive: boolean): Promise<string | undefined> {
    const chosen = chooseServerUrl(this.settings(target.folder).url, target.facts?.endpoint?.url);
    if (chosen?.from === 'setting') return chosen.url;
    if (!interactive) return undefined;
    const where = target.facts?.endpoint ? vscode.workspace.asRelativePath(vscode.Uri.file(target.facts.endpoint.file)) : undefined;
    const url = await input(undefined, {
      title: 'GraphQL engine URL',
      prompt: where
        ? `The endpoint of ${where}; it is saved as graphqlMetadata.server.url for this folder.`
        : 'Base URL of the GraphQL engine, e.g. http://localhost:8080; it is saved as graphqlMetadata.server.url.',
      value: chosen?.url ?? '',
      validate: (text) => {
        const origin = originOf(text);
        return origin.ok ? undefined : origin.message;
      },
    });
    const scope = target.folder ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace;
    await vscode.workspace.getConfiguration('graphqlMetadata.server', target.folder?.uri).update('url', url, scope);
    return url;
  }

  /** A client for the folder's server; `interactive`: whether prompts (URL offer, plain-http warning) may be shown. */
  async open(target: EngineTarget, interactive = true): Promise<Opened> {
    if (!vscode.workspace.isTrusted) return { ok: false, message: UNTRUSTED_MESSAGE };
    const url = await this.serverUrl(target, interactive);
    if (url === undefined) return { ok: false, message: 'No server URL is set (graphqlMetadata.server.url).' };
    const origin = originOf(url);
    if (!origin.ok) return { ok: false, message: origin.message };
    const s = this.settings(target.folder);
    const client = createMetadataClient({
      baseUrl: url,
      fetch: (u, init) => fetch(u, init),
      dialect: s.dialect,
      headers: { ...(s.roleHeader !== '' ? { roleHeader: s.roleHeader } : {}), adminSecretHeader: s.adminSecretHeader },
      adminSecret: () => this.secretFor(origin.url, interactive),
      timeoutMs: s.timeoutSeconds * 1000,
      advice: extensionAdvice,
    });
    return { ok: true, session: { client, url: origin.url, origin: origin.origin, dialect: s.dialect } };
  }

  /** Whether a request to `url` would go without a question (no secret, or no plain-http warning due). */
  async quietlyUsable(url: URL): Promise<boolean> {
    if (!needsPlainHttpConsent(url) || this.consented.has(url.origin)) return true;
    return (await this.secrets.get(secretKey(url.origin))) === undefined;
  }

  async storeSecret(origin: string, secret: string): Promise<void> {
    this.log.protect(secret);
    await this.secrets.store(secretKey(origin), secret);
    this.log.info(`Admin secret stored for ${origin} (in VS Code's secret storage).`);
  }

  async clearSecret(origin: string): Promise<boolean> {
    const had = (await this.secrets.get(secretKey(origin))) !== undefined;
    await this.secrets.delete(secretKey(origin));
    this.log.info(had ? `Admin secret of ${origin} cleared.` : `No admin secret was stored for ${origin}.`);
    return had;
  }

  private async secretFor(url: URL, interactive: boolean): Promise<string | undefined> {
    const secret = await this.secrets.get(secretKey(url.origin));
    if (secret === undefined || secret === '') return undefined;
    this.log.protect(secret);
    if (needsPlainHttpConsent(url) && !this.consented.has(url.origin)) {
      if (!interactive) throw new Error(`it would go unencrypted to ${url.host}; run a command to confirm`);
      await this.askPlainHttp(url);
    }
    return secret;
  }

  private async askPlainHttp(url: URL): Promise<void> {
    const send = 'Send over http';
    const answer = await vscode.window.showWarningMessage(
      `Send the admin secret to ${url.host} over plain http?`,
      {
        modal: true,
        detail: `${url.origin} is not this machine and the connection is not encrypted: anyone on the way can read the secret. Prefer https. Asked once per session.`,
      },
      send,
    );
    if (answer !== send) {
      this.log.warn(`Did not send the admin secret to ${url.origin} over plain http.`);
      throw new Error('you chose not to send it unencrypted');
    }
    this.consented.add(url.origin);
  }
}
