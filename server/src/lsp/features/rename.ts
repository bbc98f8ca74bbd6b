import type { PrepareRenameParams, Range, RenameParams, WorkspaceEdit } from 'vscode-languageserver';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { prepareRename, rename } from '../../core';
import type { FeatureContext } from './context';
import { rangedChange, toWorkspaceEdit } from './rangedChange';

/** textDocument/prepareRename: the name's range and text, or an error the editor shows. */
export function onPrepareRename(ctx: FeatureContext, params: PrepareRenameParams): { range: Range; placeholder: string } | null {
  const input = ctx.at(params.textDocument.uri, params.position);
  const prepared = input ? prepareRename(input) : undefined;
  if (!input || !prepared) return null;
  if ('error' in prepared) throw new ResponseError(ErrorCodes.InvalidRequest, prepared.error);
  return { range: ctx.range(input.result, input.file, prepared.span), placeholder: prepared.placeholder };
}

/** textDocument/rename: every file that names the symbol, as one WorkspaceEdit. */
export function onRename(ctx: FeatureContext, params: RenameParams): WorkspaceEdit | null {
  const input = ctx.at(params.textDocument.uri, params.position);
  const renamed = input ? rename(input, params.newName) : undefined;
  if (!input || !renamed) return null;
  if ('error' in renamed) throw new ResponseError(ErrorCodes.InvalidRequest, renamed.error);
  return toWorkspaceEdit(rangedChange(ctx, input.result, renamed.change));
}
