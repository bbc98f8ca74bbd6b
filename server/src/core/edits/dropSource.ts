import { isSeq } from 'yaml';
import type { RootResult } from '../check';
import { spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import { Walk } from '../project/index/walk';
import type { DropSourceArgs } from './operations';
import { relative } from '../util/paths';
import { yamlDoc } from './find';
import { findSource } from './find';
import { filesOwnedBy } from './includes';
import { removeRelationshipEntries } from './relationshipLists';
import type { FileOperation, OperationEdit, TextEdit } from './types';
import { change, failure } from './types';
import { removeTopItems } from './yaml';

/**
 * pg/mssql/bigquery_drop_source: the entry leaves databases.yaml and the files only it includes
 * (tables.yaml, table and function files) are deleted; with `cascade`, remote relationships of
 * other sources that lead to it go too, as on the server.
 */
export const dropSource: OperationEdit<DropSourceArgs> = (result, args) => {
  const source = findSource(result, args.name);
  if (!source) return change([], [], [`Source \`${args.name}\` was not in the local files; nothing to change there.`]);
  const doc = yamlDoc(result, source.at.file);
  if (!doc || !isSeq(doc.contents) || !doc.contents.items.includes(source.at.node)) {
    return failure(`Source \`${args.name}\` is not an entry of the list in databases.yaml; remove it by hand.`);
  }
  const files: FileOperation[] = filesOwnedBy(result, doc.path, spanOf(source.at.node)).map((file) => ({ kind: 'delete', file }));
  const deleted = new Set(files.map((f) => (f.kind === 'delete' ? f.file : '')));
  const remote = remoteRelationshipsTo(result, args.name).filter((r) => !deleted.has(r.file));
  const edits: TextEdit[] = [...removeTopItems(doc, doc.contents, [source.at.node])];
  if (args.cascade)
    edits.push(
      ...removeRelationshipEntries(
        result,
        remote.map((r) => r.node),
      ),
    );
  const notes =
    !args.cascade && remote.length > 0
      ? [`Remote relationships still lead to \`${args.name}\`: ${remote.map((r) => `${r.name} (${relative(result.root, r.file)})`).join(', ')}.`]
      : [];
  return change(edits, files, notes);
};

interface RemoteRef {
  readonly name: string;
  readonly file: string;
  readonly node: YNode;
}

/** Remote relationships of tables in other sources whose `definition.to_source.source` is `name`. */
export function remoteRelationshipsTo(result: RootResult, name: string): RemoteRef[] {
  const walk = new Walk(result.project);
  return result.index.tables.flatMap((t) =>
    t.source === name
      ? []
      : t.relationships
          .filter((r) => r.kind === 'remote' && walk.text(walk.get(walk.get(walk.get(r.at, 'definition'), 'to_source'), 'source')) === name)
          .map((r) => ({ name: `${t.key}.${r.name.name}`, file: r.at.file, node: r.at.node })),
  );
}
