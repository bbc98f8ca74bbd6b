import { Kind } from 'graphql';
import type { OperationDefinitionNode } from 'graphql';
import { isScalar } from 'yaml';
import type { Finding } from '../diagnostics';
import { embeddedGraphql, scalarSpan } from '../graphql/embedded';
import type { At, NamedEntry } from '../project/index/types';
import { closest } from '../util/closest';
import { operationSpan } from './querySyntax';
import { finding, related } from './rule';
import type { Rule, RuleContext } from './rule';

/** Each `:var` segment of a rest endpoint's url is a variable `$var` of its query's operation. */
export const restEndpointVariables: Rule = {
  codes: ['rest-endpoint-variables'],
  reads: ['restEndpoints', 'collections'],
  check: (ctx) => ctx.index.restEndpoints.flatMap((endpoint) => checkEndpoint(ctx, endpoint)),
};

/** The `:name` segments of a url template, with their offsets in the url. */
function urlVariables(url: string): { name: string; start: number; end: number }[] {
  return [...url.matchAll(/(?:^|\/):([^/]*)/g)].map((m) => {
    const start = m.index + m[0].indexOf(':');
    return { name: m[1]!, start, end: start + 1 + m[1]!.length };
  });
}

function checkEndpoint(ctx: RuleContext, endpoint: NamedEntry): Finding[] {
  const { walk, index, project } = ctx;
  const urlAt = walk.get(endpoint.at, 'url');
  const url = isScalar(urlAt.node) && typeof urlAt.node.value === 'string' ? urlAt.node.value : undefined;
  const target = walk.get(walk.get(endpoint.at, 'definition'), 'query');
  const collection = index.collections.find((c) => c.name.name === walk.text(walk.get(target, 'collection_name')));
  const query = collection?.queries.find((q) => q.name.name === walk.text(walk.get(target, 'query_name')));
  const gql = query?.query ? embeddedGraphql(project, query.query) : undefined;
  const operations = gql?.parsed.doc?.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION) ?? [];
  if (url === undefined || !gql || !query || operations.length !== 1) return [];
  const op = operations[0]!;
  const declared = (op.variableDefinitions ?? []).map((v) => v.variable.name.value);
  const opLoc = { file: gql.file, span: gql.fileSpan(operationSpan(gql.parsed.doc?.loc?.source.body ?? '', op)) };
  return urlVariables(url)
    .filter((v) => v.name !== '' && !declared.includes(v.name))
    .map((v) => {
      const guess = closest(v.name, declared);
      const message = `The url variable \`:${v.name}\` has no matching variable \`$${v.name}\` in query \`${query.name.name}\`${declared.length ? ` (it declares ${declared.map((d) => `$${d}`).join(', ')})` : ''}.${guess ? ` Did you mean \`:${guess}\`?` : ''}`;
      return finding(
        'rest-endpoint-variables',
        'error',
        message,
        { file: urlAt.file, span: urlSpan(project.files.get(urlAt.file)?.text ?? '', urlAt, v) },
        {
          related: [related(opLoc, `The operation of query \`${query.name.name}\``)],
          data: { variable: v.name, ...(guess ? { suggestion: guess } : {}) },
        },
      );
    });
}

function urlSpan(text: string, at: At, v: { start: number; end: number }): { start: number; end: number } {
  return scalarSpan(at.node, text, { start: v.start, end: v.end });
}
