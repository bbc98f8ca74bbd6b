import { findPair, keySpan } from '../parse/ast';
import { duplicateNames, finding } from './rule';
import type { Rule } from './rule';

/** A remote schema definition has exactly one of `url` and `url_from_env`; names are unique. */
export const remoteSchemaUrl: Rule = {
  codes: ['remote-schema-url', 'remote-schema-duplicate'],
  reads: ['remoteSchemas'],
  check: ({ index, walk }) => [
    ...duplicateNames(
      'remote-schema-duplicate',
      'Remote schema',
      index.remoteSchemas.map((r) => r.name),
    ),
    ...index.remoteSchemas.flatMap((schema) => {
      const definition = walk.get(schema.at, 'definition');
      const url = findPair(definition.node, 'url');
      const fromEnv = findPair(definition.node, 'url_from_env');
      if (url && fromEnv) {
        return [
          finding(
            'remote-schema-url',
            'error',
            'Give either `url` or `url_from_env`, not both.',
            { file: definition.file, span: keySpan(fromEnv) },
            { data: { both: true } },
          ),
        ];
      }
      if (!url && !fromEnv) {
        return [
          finding('remote-schema-url', 'error', `Remote schema \`${schema.name.name}\` needs a \`url\` or a \`url_from_env\`.`, schema.name.loc, {
            data: { both: false },
          }),
        ];
      }
      return [];
    }),
  ],
};
