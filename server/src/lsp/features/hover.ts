import type { Hover, HoverParams } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import { hover } from '../../core';
import type { FeatureContext } from './context';

/** textDocument/hover: schema descriptions, what an include holds, what a name stands for. */
export function onHover(ctx: FeatureContext, params: HoverParams): Hover | null {
  const input = ctx.at(params.textDocument.uri, params.position);
  const found = input ? hover(input, ctx.schemas) : undefined;
  if (!input || !found) return null;
  return { contents: { kind: MarkupKind.Markdown, value: found.markdown }, range: ctx.range(input.result, input.file, found.span) };
}
