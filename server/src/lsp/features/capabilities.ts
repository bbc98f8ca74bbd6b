import type { ServerCapabilities } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { COMPLETION_TRIGGERS } from './completion';

/** The editor features the server offers (merged into the initialize result). */
export const FEATURE_CAPABILITIES: ServerCapabilities = {
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  documentSymbolProvider: true,
  hoverProvider: true,
  completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Refactor] },
  documentLinkProvider: { resolveProvider: false },
};
