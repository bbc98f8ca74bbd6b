/**
 * The read-only documents of Show GraphQL Schema for Role…: one per root and role, of a virtual
 * scheme, whose text the language server generates. They follow the metadata and the migrations:
 * each `ready` of the language server (a check after an edit, a database model built) refreshes the
 * open ones, and VS Code asks for their text again.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { graphqlSchemaRequest } from '../../../common/protocol';

export const SCHEMA_SCHEME = 'graphql-metadata-schema';

export class SchemaView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  // Registered after onDidChange exists: VS Code subscribes to it only if it is there at registration.
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, this);

  constructor(private readonly client: LanguageClient) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const parts = this.parts(uri);
    if (!parts) return '# Not a schema document: run Show GraphQL Schema for Role….\n';
    const result = await this.client.sendRequest(graphqlSchemaRequest, parts);
    return result.ok ? result.sdl : `# No schema for role ${parts.role}: ${result.error}\n`;
  }

  /** The document of `role`'s schema of `root` (its tab reads `<role>.graphql`; the query names both, so a restored editor finds them again). */
  static uriOf(root: string, role: string): vscode.Uri {
    return vscode.Uri.from({ scheme: SCHEMA_SCHEME, path: `/${role}.graphql`, query: new URLSearchParams({ root, role }).toString() });
  }

  private parts(uri: vscode.Uri): { root: string; role: string } | undefined {
    const query = new URLSearchParams(uri.query);
    const root = query.get('root');
    const role = query.get('role');
    return root !== null && role !== null ? { root, role } : undefined;
  }

  /** Asks VS Code to read every open schema document again. */
  refresh(): void {
    for (const document of vscode.workspace.textDocuments) if (document.uri.scheme === SCHEMA_SCHEME) this.changed.fire(document.uri);
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
