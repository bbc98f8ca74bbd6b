import type { RootResult } from '../check';
import { nameSpan, quoteAround, replacementFor } from '../features/text';
import { spanOf } from '../parse/ast';
import type { SourceFact } from '../project/index/types';
import type { RenameSourceArgs } from './operations';
import { join, relative } from '../util/paths';
import { remoteRelationshipsTo } from './dropSource';
import { findSource } from './find';
import type { FileOperation, OperationEdit, TextEdit } from './types';
import { change, failure } from './types';

/** Folder names the rename moves without quoting trouble in the include paths. */
const SIMPLE_FOLDER = /^[\w][\w .-]*$/;

/**
 * rename_source: the `name:` of the entry; in the CLI layout (includes under `<name>/`) the files
 * of databases/<name> move to databases/<new_name> and the include paths follow (the folders left
 * empty are removed after the edit: core/sync/emptied.ts foldersEmptiedBy).
 */
export const renameSource: OperationEdit<RenameSourceArgs> = (result, args) => {
  const source = findSource(result, args.name);
  if (!source) return change([], [], [`Source \`${args.name}\` was not in the local files; nothing to change there.`]);
  const text = result.project.files.get(source.name.loc.file)?.text ?? '';
  const inner = nameSpan(text, source.name.loc.span, args.name);
  if (!inner.exact) return failure(`The name of source \`${args.name}\` is written with escapes; rename it by hand.`);
  const edits: TextEdit[] = [{ file: source.name.loc.file, span: inner.span, newText: replacementFor(quoteAround(text, inner.span), args.new_name) }];
  const folder = moveFolder(result, source, args);
  const remote = remoteRelationshipsTo(result, args.name);
  const notes = [
    ...folder.notes,
    ...(remote.length > 0 ? [`Remote relationships still name source \`${args.name}\`: ${remote.map((r) => r.name).join(', ')}.`] : []),
  ];
  return change([...edits, ...folder.edits], folder.files, notes);
};

interface FolderMove {
  edits: TextEdit[];
  files: FileOperation[];
  notes: string[];
}

function moveFolder(result: RootResult, source: SourceFact, args: RenameSourceArgs): FolderMove {
  const refs = includesOf(result, source).filter((ref) => ref.raw.startsWith(`${args.name}/`));
  if (refs.length === 0) return { edits: [], files: [], notes: [] };
  const from = join(result.root, 'databases', args.name);
  const to = join(result.root, 'databases', args.new_name);
  const taken = [...result.project.files.keys()].some((p) => p.startsWith(`${to}/`));
  if (!SIMPLE_FOLDER.test(args.new_name) || taken) {
    return {
      edits: [],
      files: [],
      notes: [
        `Its files stay in ${relative(result.root, from)}: ${taken ? `${relative(result.root, to)} is already used` : 'the new name is not a plain folder name'}.`,
      ],
    };
  }
  const edits = refs.map((ref) => ({ file: source.at.file, span: { start: ref.span.start, end: ref.span.start + args.name.length }, newText: args.new_name }));
  // File by file (not the folder): each move is then a file event of its own for every watcher.
  const moves = [...result.project.files.keys()].filter((p) => p.startsWith(`${from}/`)).sort();
  return { edits, files: moves.map((file): FileOperation => ({ kind: 'rename', from: file, to: to + file.slice(from.length) })), notes: [] };
}

function includesOf(result: RootResult, source: SourceFact): { raw: string; span: { start: number; end: number } }[] {
  const span = spanOf(source.at.node);
  const refs = result.project.files.get(source.at.file)?.yaml?.includes ?? [];
  return refs.filter(
    (ref) =>
      ref.span.start >= span.start &&
      ref.span.end <= span.end &&
      result.project.files.get(source.at.file)?.text.slice(ref.span.start, ref.span.end) === ref.raw,
  );
}
