import { Kind } from 'graphql';
import type { DefinitionNode, OperationDefinitionNode } from 'graphql';
import type { Finding, Span } from '../diagnostics';
import { embeddedGraphql } from '../graphql/embedded';
import type { EmbeddedGraphql } from '../graphql/embedded';
import { tokenSpan } from '../graphql/parse';
import type { CollectionFact, QueryFact } from '../project/index/types';
import { finding, related } from './rule';
import type { Rule } from './rule';

/**
 * Each query of a collection is one GraphQL operation (plus fragments). Syntax errors are reported
 * at their exact place inside the YAML string, whatever its style.
 */
export const querySyntax: Rule = {
  codes: ['query-syntax', 'query-multiple-operations'],
  reads: ['collections'],
  check: ({ project, index }) =>
    index.collections.flatMap((collection) =>
      collection.queries.flatMap((query) => {
        const gql = query.query ? embeddedGraphql(project, query.query) : undefined;
        return gql ? checkQuery(gql, collection, query) : [];
      }),
    ),
};

function checkQuery(gql: EmbeddedGraphql, collection: CollectionFact, query: QueryFact): Finding[] {
  const where = `query \`${query.name.name}\` of collection \`${collection.name.name}\``;
  const { parsed } = gql;
  if (!parsed.doc) {
    const detail = parsed.error.message.replace(/^Syntax Error: /, '');
    return [finding('query-syntax', 'error', `GraphQL syntax error in ${where}: ${detail}`, { file: gql.file, span: gql.fileSpan(parsed.error.span) })];
  }
  const definitions = parsed.doc.definitions;
  const text = parsed.doc.loc?.source.body ?? '';
  const foreign = definitions.filter((d) => d.kind !== Kind.OPERATION_DEFINITION && d.kind !== Kind.FRAGMENT_DEFINITION);
  const operations = definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return [
    ...foreign.map((d) =>
      finding('query-syntax', 'error', `The ${where} may hold only operations and fragments; this is a schema definition.`, {
        file: gql.file,
        span: gql.fileSpan(firstToken(text, d)),
      }),
    ),
    ...operations.slice(1).map((op) =>
      finding(
        'query-multiple-operations',
        'warning',
        `The ${where} holds ${operations.length} operations; the engine expects one operation per query.`,
        { file: gql.file, span: gql.fileSpan(operationSpan(text, op)) },
        {
          related: [related({ file: gql.file, span: gql.fileSpan(operationSpan(text, operations[0]!)) }, 'The first operation')],
        },
      ),
    ),
  ];
}

/** An operation's name, or its first token when it has none. */
export function operationSpan(text: string, op: OperationDefinitionNode): Span {
  return op.name?.loc ? { start: op.name.loc.start, end: op.name.loc.end } : firstToken(text, op);
}

function firstToken(text: string, def: DefinitionNode): Span {
  return tokenSpan(text, def.loc?.start ?? 0);
}
