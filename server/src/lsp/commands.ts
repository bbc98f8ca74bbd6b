import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { foldersEmptiedBy, localEditFor, modelSourcesWithoutList, projectFacts, trackTablesChange, untrackedTables } from '../core';
import type { FileSystemHost, LocalChange, RootResult } from '../core';
import type {
  EditForOperationParams,
  EditForOperationResult,
  ProjectFactsParams,
  ProjectFactsResult,
  TrackTablesParams,
  UntrackedTablesParams,
  UntrackedTablesResult,
} from '../../../common/protocol';
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
  untrackedTables(params: UntrackedTablesParams): UntrackedTablesResult;
  trackTables(params: TrackTablesParams): EditForOperationResult;
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
      if (result === undefined) return { ok: false, error: notRoot(params.root) };
      const out = localEditFor(result, params.operation);
      if ('error' in out) return { ok: false, error: out.error };
      return toResult(features, documents, result, out.change);
    },
    untrackedTables: (params) => {
      const roots = features.workspace.rootPaths;
      if (params.root !== undefined && !roots.includes(params.root)) return { ok: false, error: notRoot(params.root) };
      const checked = (params.root !== undefined ? [params.root] : roots).flatMap((root) => {
        const result = check(root);
        return result === undefined ? [] : [{ root, result }];
      });
      return {
        ok: true,
        sources: checked.flatMap(({ root, result }) => untrackedTables(result).map((s) => ({ root, source: s.source, tablesFile: s.list, tables: s.tables }))),
        withoutTablesFile: checked.flatMap(({ root, result }) => modelSourcesWithoutList(result).map((source) => ({ root, source }))),
      };
    },
    trackTables: (params) => {
      const result = check(params.root);
      if (result === undefined) return { ok: false, error: notRoot(params.root) };
      const untracked = untrackedTables(result).find((s) => s.source === params.source);
      const list = untracked && result.project.files.get(untracked.list);
      if (!untracked || !list) return { ok: false, error: `Source ${params.source} has no database model and tables.yaml in ${params.root}.` };
      const unknown = params.tables.find((t) => !untracked.tables.some((u) => u.schema === t.schema && u.name === t.name));
      if (unknown) return { ok: false, error: `\`${unknown.schema}.${unknown.name}\` is not an untracked table or view of source ${params.source}.` };
      const out = trackTablesChange(result, list, params.tables);
      if ('error' in out) return { ok: false, error: out.error };
      return toResult(features, documents, result, out.change);
    },
  };
}

function notRoot(root: string): string {
  return `${root} is not a metadata root of this workspace.`;
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
  const emptied = foldersEmptiedBy(features.host, result.root, change);
  return {
    ok: true,
    change: rangedChange(features, result, change, versions),
    files,
    notes: change.notes,
    ...(emptied.length > 0 ? { emptiedFolders: emptied } : {}),
  };
}
