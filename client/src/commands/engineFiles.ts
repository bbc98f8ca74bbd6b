/**
 * The server's side of the sync diffs: read-only documents of a virtual scheme holding the files an
 * export would write (and an empty document for a file that one side does not have).
 */
import * as vscode from 'vscode';

const SERVER_SCHEME = 'graphql-metadata-server';

export class EngineFiles implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SERVER_SCHEME, this);
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /**
   * The document of `rel` (a path in the metadata folder `root`) as the server at `host` has it;
   * `text` undefined: the server has no such file (an empty document).
   */
  put(host: string, root: string, rel: string, text: string | undefined): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: SERVER_SCHEME,
      authority: host.replace(/[^\w.-]/g, '_'),
      path: `/${rel}`,
      query: text === undefined ? `absent&root=${root}` : `root=${root}`,
    });
    this.contents.set(uri.toString(), text ?? '');
    this.changed.fire(uri);
    return uri;
  }

  /** An empty document standing for a local file that does not exist yet. */
  absentLocal(root: string, rel: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SERVER_SCHEME, authority: 'local', path: `/${rel}`, query: `absent&root=${root}` });
    this.contents.set(uri.toString(), '');
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
