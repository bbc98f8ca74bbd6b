import type { Finding } from '../diagnostics';
import { embeddedGraphql } from '../graphql/embedded';
import { finding } from './rule';
import type { Rule } from './rule';

/** The SDL of each remote schema permission (`permissions[].definition.schema`) parses. */
export const remoteSchemaPermissions: Rule = {
  codes: ['remote-schema-permission-syntax'],
  reads: ['remoteSchemas'],
  check: ({ project, index, walk }) =>
    index.remoteSchemas.flatMap((schema) =>
      walk.items(walk.get(schema.at, 'permissions')).flatMap((perm): Finding[] => {
        const gql = embeddedGraphql(project, walk.get(walk.get(perm, 'definition'), 'schema'));
        if (!gql?.parsed.error) return [];
        const role = walk.text(walk.get(perm, 'role')) ?? '?';
        const detail = gql.parsed.error.message.replace(/^Syntax Error: /, '');
        return [
          finding(
            'remote-schema-permission-syntax',
            'error',
            `GraphQL syntax error in the schema of role \`${role}\` on remote schema \`${schema.name.name}\`: ${detail}`,
            { file: gql.file, span: gql.fileSpan(gql.parsed.error.span) },
          ),
        ];
      }),
    ),
};
