import { closest } from '../util/closest';
import { duplicateNames, finding } from './rule';
import type { Rule } from './rule';

/** Allow-list entries must name an existing query collection, once each. */
export const allowListCollections: Rule = {
  codes: ['allow-list-unknown-collection', 'allow-list-duplicate'],
  reads: ['allowList', 'collections'],
  check: ({ index }) => {
    const names = index.collections.map((c) => c.name.name);
    const unknown = index.allowList
      .filter((e) => !names.includes(e.collection.name))
      .map((e) => {
        const suggestion = closest(e.collection.name, names);
        const hint = suggestion ? ` Did you mean \`${suggestion}\`?` : '';
        return finding(
          'allow-list-unknown-collection',
          'error',
          `No query collection is named \`${e.collection.name}\` in query_collections.yaml; the engine silently ignores this entry.${hint}`,
          e.collection.loc,
          {
            data: { collection: e.collection.name, ...(suggestion ? { suggestion } : {}) },
          },
        );
      });
    return [
      ...unknown,
      ...duplicateNames(
        'allow-list-duplicate',
        'Allow-list collection',
        index.allowList.map((e) => e.collection),
      ),
    ];
  },
};
