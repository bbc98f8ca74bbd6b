import type { DefinitionParams, DocumentLink, DocumentLinkParams, Location, ReferenceParams } from 'vscode-languageserver';
import { definition, documentLinks, references } from '../../core';
import { pathToUri } from '../uri';
import type { FeatureContext } from './context';

/** textDocument/definition */
export function onDefinition(ctx: FeatureContext, params: DefinitionParams): Location[] {
  const input = ctx.at(params.textDocument.uri, params.position);
  return input ? definition(input).map((loc) => ctx.location(input.result, loc)) : [];
}

/** textDocument/references */
export function onReferences(ctx: FeatureContext, params: ReferenceParams): Location[] {
  const input = ctx.at(params.textDocument.uri, params.position);
  return input ? references(input, params.context.includeDeclaration).map((loc) => ctx.location(input.result, loc)) : [];
}

/** textDocument/documentLink: every include path links to its file. */
export function onDocumentLinks(ctx: FeatureContext, params: DocumentLinkParams): DocumentLink[] {
  const doc = ctx.document(params.textDocument.uri);
  if (!doc) return [];
  return documentLinks(doc.result, doc.file).map((link) => ({
    range: ctx.range(doc.result, doc.file, link.span),
    target: pathToUri(link.target),
    tooltip: 'Open the included file',
  }));
}
