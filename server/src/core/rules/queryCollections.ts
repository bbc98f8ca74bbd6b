import { duplicateNames, finding } from './rule';
import type { Rule } from './rule';

/** Collection names unique; query names unique within a collection. */
export const queryCollectionNames: Rule = {
  codes: ['query-collection-duplicate', 'query-duplicate'],
  reads: ['collections'],
  check: ({ index }) => [
    ...duplicateNames(
      'query-collection-duplicate',
      'Query collection',
      index.collections.map((c) => c.name),
    ),
    ...index.collections.flatMap((c) =>
      duplicateNames(
        'query-duplicate',
        `In collection \`${c.name.name}\`, query`,
        c.queries.map((q) => q.name),
      ),
    ),
  ],
};

/** Rest endpoints must point at an existing collection and query. */
export const restEndpointTargets: Rule = {
  codes: ['rest-endpoint-unknown-collection', 'rest-endpoint-unknown-query', 'rest-endpoint-duplicate'],
  reads: ['restEndpoints', 'collections'],
  check: ({ index, walk }) => [
    ...duplicateNames(
      'rest-endpoint-duplicate',
      'Rest endpoint',
      index.restEndpoints.map((e) => e.name),
    ),
    ...index.restEndpoints.flatMap((endpoint) => {
      const query = walk.get(walk.get(endpoint.at, 'definition'), 'query');
      const collectionName = walk.named(query, 'collection_name');
      const queryName = walk.named(query, 'query_name');
      if (!collectionName) return [];
      const collection = index.collections.find((c) => c.name.name === collectionName.name);
      if (!collection) {
        return [
          finding(
            'rest-endpoint-unknown-collection',
            'error',
            `Rest endpoint \`${endpoint.name.name}\` uses collection \`${collectionName.name}\`, which query_collections.yaml does not define.`,
            collectionName.loc,
          ),
        ];
      }
      if (queryName && !collection.queries.some((q) => q.name.name === queryName.name)) {
        return [
          finding('rest-endpoint-unknown-query', 'error', `Collection \`${collection.name.name}\` has no query named \`${queryName.name}\`.`, queryName.loc),
        ];
      }
      return [];
    }),
  ],
};
