import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { RootResult } from '../core/check';
import { localEditFor, projectFacts } from '../core/edits';
import type { FileSystemHost } from '../core/host';
import type { LocalChange } from '../core/edits';
import type { EditForOperationParams, EditForOperationResult, ProjectFactsParams, ProjectFactsResult } from '../../../common/protocol';
import type { FeatureContext } from './features/context';
import { rangedChange } from './features/rangedChange';
import { uriToPath } from './uri';

/**
 * The custom requests behind the server commands: project facts for the prompts, and the local
 * edit that mirrors an operation the server accepted. Each call reads the workspace's check of the
 * root as it is now (open documents as the editor has them, other files as on disk), so the edit's
 * ranges fit the text now.
 */
interface CommandHandlers {
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
      if (result === undefined) return { ok: false, error: `${params.root} is not a metadata root of this workspace.` };
      const out = localEditFor(result, params.operation);
      if ('error' in out) return { ok: false, error: out.error };
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
  if (change.edits.length === 0 && change.files.length === 0) return { ok: true, files, notes: change.notes };
  // The versions of open documents: the client refuses the edit when one changed since.
  const versions = new Map(
    documents.all().flatMap((d) => {
      const path = uriToPath(d.uri);
      return path === undefined ? [] : [[path, d.version] as const];
    }),
  );
  return { ok: true, change: rangedChange(features, result, change, versions), files, notes: change.notes };
}
