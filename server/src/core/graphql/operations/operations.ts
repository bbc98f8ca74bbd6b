import { Kind } from 'graphql';
import { isScalar } from 'yaml';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { scalarSourceMap } from '../../parse/scalarSourceMap';
import type { CollectionFact, ProjectIndex, QueryFact } from '../../project/index/types';
import type { Project } from '../../project/project';
import { embeddedGraphql } from '../embedded';
import type { EmbeddedGraphql } from '../embedded';

/** One query of a collection that parses as one operation (plus fragments). */
export interface CollectedOperation {
  readonly collection: CollectionFact;
  readonly query: QueryFact;
  readonly gql: EmbeddedGraphql;
  readonly doc: DocumentNode;
  readonly operation: OperationDefinitionNode;
}

/** The collections' queries that are one operation each (query-syntax reports the others). */
export function collectedOperations(project: Project, index: ProjectIndex): CollectedOperation[] {
  const out: CollectedOperation[] = [];
  for (const collection of index.collections) {
    for (const query of collection.queries) {
      const gql = query.query ? embeddedGraphql(project, query.query) : undefined;
      const doc = gql?.parsed.doc;
      if (!gql || !doc) continue;
      const operations = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      if (operations.length !== 1 || doc.definitions.some((d) => d.kind !== Kind.OPERATION_DEFINITION && d.kind !== Kind.FRAGMENT_DEFINITION)) continue;
      out.push({ collection, query, gql, doc, operation: operations[0]! });
    }
  }
  return out;
}

/** How a query is named in messages. */
export function describeQuery(op: { readonly collection: CollectionFact; readonly query: QueryFact }): string {
  return `query \`${op.query.name.name}\` of collection \`${op.collection.name.name}\``;
}

/**
 * The collection query whose GraphQL text holds file offset `offset` of `file`, with the offset
 * in that text (the inverse of `fileSpan`, through quotes, escapes and block indentation).
 */
export function operationAt(
  project: Project,
  index: ProjectIndex,
  file: string,
  offset: number,
): { readonly op: CollectedOperation | undefined; readonly gql: EmbeddedGraphql; readonly text: string; readonly offset: number } | undefined {
  const text = project.files.get(file)?.text;
  if (text === undefined) return undefined;
  for (const collection of index.collections) {
    for (const query of collection.queries) {
      const at = query.query;
      const range = at?.file === file ? at.node?.range : undefined;
      if (!at || !range) continue;
      const [start, , end] = range;
      if (offset < start || offset > end) continue;
      const gql = embeddedGraphql(project, at);
      const map = scalarSourceMap(at.node, text);
      if (!gql || !map) return undefined;
      const inText = valueOffset(map.toFile.bind(map), map.value.length, offset);
      if (inText === undefined) return undefined;
      const op = collectedOperations(project, { ...index, collections: [{ ...collection, queries: [query] }] })[0];
      const value = isScalar(at.node) ? at.node.value : undefined;
      return { op, gql, text: typeof value === 'string' ? value : map.value, offset: inText };
    }
  }
  return undefined;
}

/** The value offset whose file offset is the last one at or before `fileOffset` (toFile is increasing). */
function valueOffset(toFile: (offset: number) => number, length: number, fileOffset: number): number | undefined {
  if (fileOffset < toFile(0) || fileOffset > toFile(length)) return undefined;
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (toFile(mid) <= fileOffset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
