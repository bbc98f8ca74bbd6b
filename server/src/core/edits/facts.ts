import type { RootResult } from '../check';
import type { FileSystemHost } from '../host';
import { get, scalarText, spanOf, stringValue } from '../parse/ast';
import { parseYamlFile } from '../parse/yamlFile';
import type { YNode } from '../parse/ast';
import { Walk } from '../project/index/walk';
import type { CursorObject, ProjectFacts, RelationshipInfo, TableInfo } from './operations';
import { dirname, join, resolve } from '../util/paths';

/** What the command prompts offer: the project's sources, tables, columns, relationships and roles. */
export function projectFacts(result: RootResult, host: FileSystemHost, cursor?: { file: string; offset: number }): ProjectFacts {
  const { index } = result;
  const walk = new Walk(result.project);
  const roles = new Set([...index.roles.keys(), ...index.inheritedRoles.flatMap((r) => r.roleSet.map((m) => m.name))]);
  const endpoint = readEndpoint(result.root, host);
  const at = cursor ? objectAt(result, cursor.file, cursor.offset) : undefined;
  return {
    root: result.root,
    sources: index.sources.map((s) => ({ name: s.name.name, kind: s.kind })),
    tables: index.tables.map((t): TableInfo => ({
      source: t.source,
      schema: t.table.schema,
      name: t.table.name,
      file: t.at.file,
      columns: [...t.columns.keys()].sort(),
      relationships: t.relationships.flatMap((r): RelationshipInfo[] => {
        if (r.kind !== 'object' && r.kind !== 'array') return [];
        const comment = walk.text(walk.get(r.at, 'comment'));
        return [{ name: r.name.name, kind: r.kind, ...(comment !== undefined ? { comment } : {}) }];
      }),
    })),
    roles: [...roles].sort(),
    inheritedRoles: index.inheritedRoles.map((r) => ({ role: r.role.name, roleSet: r.roleSet.map((m) => m.name) })),
    ...(endpoint ? { endpoint } : {}),
    ...(at && Object.keys(at).length > 0 ? { cursor: at } : {}),
  };
}

/**
 * `endpoint` of the engine CLI's config.yaml in the folder above the metadata root, when its
 * `metadata_directory` (default `metadata`) is this root. Nothing else of that file is read.
 */
export function readEndpoint(root: string, host: FileSystemHost): { url: string; file: string } | undefined {
  const project = dirname(root);
  const file = join(project, 'config.yaml');
  const read = host.readFile(file);
  if (read.kind !== 'text') return undefined;
  const contents = parseYamlFile(file, read.text).doc.contents as YNode;
  const directory = stringValue(get(contents, 'metadata_directory')) ?? 'metadata';
  const url = scalarText(get(contents, 'endpoint'))?.trim();
  if (resolve(project, directory) !== root || url === undefined || url === '') return undefined;
  return { url, file };
}

const within = (node: YNode, offset: number): boolean => {
  const span = spanOf(node);
  return span.start <= offset && offset <= span.end;
};

/** The source, table, relationship or inherited role whose entry holds the offset of `file`. */
export function objectAt(result: RootResult, file: string, offset: number): CursorObject {
  const { index } = result;
  const tables = index.tables.filter((t) => t.at.file === file && within(t.at.node, offset));
  const table = tables.sort((a, b) => spanOf(a.at.node).end - spanOf(a.at.node).start - (spanOf(b.at.node).end - spanOf(b.at.node).start))[0];
  const relationship = table?.relationships.find((r) => (r.kind === 'object' || r.kind === 'array') && r.at.file === file && within(r.at.node, offset));
  const source = table?.source ?? index.sources.find((s) => s.at.file === file && within(s.at.node, offset))?.name.name;
  const inherited = index.inheritedRoles.find((r) => r.at.file === file && within(r.at.node, offset));
  return {
    ...(source !== undefined ? { source } : {}),
    ...(table ? { table: { schema: table.table.schema, name: table.table.name } } : {}),
    ...(relationship ? { relationship: relationship.name.name } : {}),
    ...(inherited ? { inheritedRole: inherited.role.name } : {}),
  };
}
