import type { DocumentSymbol, DocumentSymbolParams } from 'vscode-languageserver';
import { SymbolKind } from 'vscode-languageserver';
import { documentSymbols } from '../../core';
import type { OutlineKind, OutlineSymbol, RootResult } from '../../core';
import type { FeatureContext } from './context';

const KINDS: Record<OutlineKind, SymbolKind> = {
  object: SymbolKind.Object,
  array: SymbolKind.Array,
  property: SymbolKind.Property,
  module: SymbolKind.Module,
  function: SymbolKind.Function,
  class: SymbolKind.Class,
  enum: SymbolKind.Enum,
  struct: SymbolKind.Struct,
};

/** textDocument/documentSymbol: the outline of a metadata file. */
export function onDocumentSymbols(ctx: FeatureContext, params: DocumentSymbolParams): DocumentSymbol[] {
  const doc = ctx.document(params.textDocument.uri);
  if (!doc) return [];
  const convert = (s: OutlineSymbol): DocumentSymbol => toSymbol(ctx, doc.result, doc.file, s, convert);
  return documentSymbols(doc.result, doc.file).map(convert);
}

function toSymbol(ctx: FeatureContext, result: RootResult, file: string, s: OutlineSymbol, convert: (s: OutlineSymbol) => DocumentSymbol): DocumentSymbol {
  return {
    name: s.name === '' ? '""' : s.name,
    kind: KINDS[s.kind],
    range: ctx.range(result, file, s.span),
    selectionRange: ctx.range(result, file, s.selectionSpan),
    ...(s.detail !== undefined ? { detail: s.detail } : {}),
    children: s.children.map(convert),
  };
}
