import type { CompletionItem, CompletionParams } from 'vscode-languageserver';
import { CompletionItemKind, MarkupKind } from 'vscode-languageserver';
import { complete } from '../../core';
import type { CompletionKind } from '../../core';
import type { FeatureContext } from './context';

/** Characters after which the editor asks for completion on its own. */
export const COMPLETION_TRIGGERS = [':', ' ', '/', '-', '"'];

const KINDS: Record<CompletionKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  table: CompletionItemKind.Class,
  role: CompletionItemKind.Constant,
  collection: CompletionItemKind.Module,
  query: CompletionItemKind.Method,
  file: CompletionItemKind.File,
  folder: CompletionItemKind.Folder,
  type: CompletionItemKind.Interface,
  action: CompletionItemKind.Function,
  column: CompletionItemKind.Field,
  function: CompletionItemKind.Function,
};

/** textDocument/completion */
export function onCompletion(ctx: FeatureContext, params: CompletionParams): CompletionItem[] {
  const input = ctx.at(params.textDocument.uri, params.position);
  if (!input) return [];
  return complete(input, { schemas: ctx.schemas, host: ctx.host }).map((entry, i) => ({
    label: entry.label,
    kind: KINDS[entry.kind],
    sortText: String(i).padStart(4, '0'),
    textEdit: { range: ctx.range(input.result, input.file, entry.span), newText: entry.insertText },
    ...(entry.detail ? { detail: entry.detail } : {}),
    ...(entry.documentation ? { documentation: { kind: MarkupKind.Markdown, value: entry.documentation } } : {}),
    ...(entry.kind === 'folder' ? { command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } } : {}),
  }));
}
