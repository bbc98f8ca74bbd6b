import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { RootResult } from '../core/check';
import { localEditFor, projectFacts } from '../core/edits';
import type { FileSystemHost } from '../core/host';
import type { LocalChange } from '../core/edits';
import type {
  EditForOperationParams,
  EditForOperationResult,
  LspTextDocumentEdit,
  LspWorkspaceEdit,
  ProjectFactsParams,
  ProjectFactsResult,
} from '../../../common/protocol';
import type { FeatureContext } from './features/context';
import { pathToUri, uriToPath } from './uri';

/**
 * The custom requests behind the server commands: project facts for the prompts, and the local
 * edit that mirrors an operation the server accepted. Each call reads the workspace's check of the
 * root as it is now (open documents as the editor has them, other files as on disk), so the edit's
 * ranges fit the text now.
 */
export interface CommandHandlers {
  projectFacts(params: ProjectFactsParams): ProjectFactsResult;
  editForOperation(params: EditForOperationParams): EditForOperationResult;
}

/**
 * The root's check comes from the workspace (MetadataWorkspace.checkedNow: its one session and parse
 * cache, brought up to date with the disk first). `disk` is read directly for config.yaml.
 */
export function createCommandHandlers(features: FeatureContext, documents: TextDocuments<TextDocument>, disk: FileSystemHost): CommandHandlers {
  const check = (root: string): RootResult | undefined => features.workspace.checkedNow(root);
  return {
    projectFacts: (params) => {
      const root = pickRoot(features, params);
      if (root === undefined) return null;
      const result = check(root);
      if (result === undefined) return null;
      const file = params.file !== undefined && result.project.files.has(params.file) ? params.file : undefined;
      const cursor = file !== undefined && params.position ? { file, offset: features.lines(result, file).offsetAt(params.position) } : undefined;
      return projectFacts(result, disk, cursor);
    },
    editForOperation: (params) => {
      const result = check(params.root);
      if (result === undefined) return { error: `${params.root} is not a metadata root of this workspace.`, files: [], notes: [] };
      const out = localEditFor(result, params.operation);
      if ('error' in out) return { error: out.error, files: [], notes: [] };
      return toResult(features, documents, result, out.change);
    },
  };
}

function pickRoot(features: FeatureContext, params: ProjectFactsParams): string | undefined {
  const roots = features.workspace.rootPaths;
  if (params.root !== undefined) return roots.includes(params.root) ? params.root : undefined;
  const ofFile = params.file !== undefined ? features.workspace.rootOf(params.file) : undefined;
  return ofFile ?? (roots.length === 1 ? roots[0] : undefined);
}

function toResult(features: FeatureContext, documents: TextDocuments<TextDocument>, result: RootResult, change: LocalChange): EditForOperationResult {
  const files = [...new Set([...change.edits.map((e) => e.file), ...change.files.flatMap((f) => (f.kind === 'rename' ? [f.from, f.to] : [f.file]))])];
  const empty = change.edits.length === 0 && change.files.length === 0;
  return { ...(empty ? {} : { edit: toLspEdit(features, documents, result, change) }), files, notes: change.notes };
}

/** Text edits of existing files first (with the versions of open documents), then file operations in order. */
function toLspEdit(features: FeatureContext, documents: TextDocuments<TextDocument>, result: RootResult, change: LocalChange): LspWorkspaceEdit {
  const versions = new Map(documents.all().map((d) => [uriToPath(d.uri), d.version]));
  const byFile = new Map<string, LocalChange['edits'][number][]>();
  for (const edit of change.edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  const documentChanges: LspWorkspaceEdit['documentChanges'][number][] = [...byFile].map(([file, edits]): LspTextDocumentEdit => ({
    textDocument: { uri: pathToUri(file), version: versions.get(file) ?? null },
    edits: edits.map((e) => ({ range: features.range(result, file, e.span), newText: e.newText })),
  }));
  for (const op of change.files) {
    if (op.kind === 'create') {
      const uri = pathToUri(op.file);
      documentChanges.push({ kind: 'create', uri, options: { overwrite: true } });
      if (op.text !== '')
        documentChanges.push({
          textDocument: { uri, version: null },
          edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: op.text }],
        });
    } else if (op.kind === 'delete') {
      documentChanges.push({ kind: 'delete', uri: pathToUri(op.file), options: { ignoreIfNotExists: true } });
    } else {
      documentChanges.push({ kind: 'rename', oldUri: pathToUri(op.from), newUri: pathToUri(op.to), options: { overwrite: false } });
    }
  }
  return { documentChanges };
}
