/**
 * The read-only view of the server's config record: a Markdown document of a virtual scheme,
 * shown in an editor (its preview is one click away, in the editor's title bar).
 */
import * as vscode from 'vscode';
import type { ConfigRecord } from '../../../common/api/config';
import { formatConfigRecord } from '../../../common/api/configFormat';

const CONFIG_SCHEME = 'graphql-metadata-config';

export class ConfigView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  // Registered after onDidChange exists: VS Code subscribes to it only if it is there at registration.
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(CONFIG_SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Shows the record of the server at `url` (one document per server, refreshed in place). */
  async show(url: URL, record: ConfigRecord): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({ scheme: CONFIG_SCHEME, path: `/${url.host.replace(/[^\w.-]/g, '_')}/Server configuration.md` });
    const [heading, ...rest] = formatConfigRecord(record);
    this.contents.set(uri.toString(), [heading, '', `Server: <${url.origin}${url.pathname === '/' ? '' : url.pathname}>`, ...rest, ''].join('\n'));
    this.changed.fire(uri);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
