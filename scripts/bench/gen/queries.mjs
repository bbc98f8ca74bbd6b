// query_collections.yaml, allow_list.yaml and rest_endpoints.yaml: real GraphQL operations over the
// generated tables (block scalars), an allow list over the collections, REST endpoints on some.

import { pascalCase, rootFields } from './model.mjs';

const TEMPLATES = ['list', 'by_pk', 'insert', 'update', 'aggregate', 'subscription'];

/** `count` operations over randomly chosen tables; names are unique. */
export function operations(tables, count, random) {
  const out = [];
  const seen = new Set();
  for (let guard = 0; out.length < count && guard < count * 10; guard++) {
    const t = random.pick(tables);
    const template = random.pick(TEMPLATES);
    const name = `${template}_${t.name}`;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, table: t, template, query: operation(t, template, pascalCase(name), random) });
  }
  return out;
}

function fieldsOf(t, random) {
  const columns = t.columns.filter((c) => c !== 'deleted_at');
  const picked = ['id', ...random.sample(columns.slice(1), Math.min(4, columns.length - 1))];
  const nested = t.objectRels.find((r) => r.name === 'organization') ? ['organization {', '  id', '  name', '}'] : [];
  return [...picked, ...nested];
}

const indent = (lines, n) => lines.map((l) => ' '.repeat(n) + l);

function operation(t, template, opName, random) {
  const root = rootFields(t);
  const fields = fieldsOf(t, random);
  const body = (head, call, inner = fields) => [head, `  ${call} {`, ...indent(inner, 4), '  }', '}', ''].join('\n');
  switch (template) {
    case 'list':
      return body(`query ${opName}($limit: Int = 20, $offset: Int = 0) {`, `${root.select}(limit: $limit, offset: $offset, order_by: {created_at: desc})`);
    case 'by_pk':
      return body(`query ${opName}($id: uuid!) {`, `${root.select_by_pk}(id: $id)`);
    case 'insert':
      return body(`mutation ${opName}($object: ${t.name}_insert_input!) {`, `${root.insert_one}(object: $object)`, ['id', 'created_at']);
    case 'update':
      return body(`mutation ${opName}($id: uuid!, $changes: ${t.name}_set_input!) {`, `${root.update_by_pk}(pk_columns: {id: $id}, _set: $changes)`, [
        'id',
        'updated_at',
      ]);
    case 'aggregate':
      return body(`query ${opName}($where: ${t.name}_bool_exp = {}) {`, `${root.select_aggregate}(where: $where)`, ['aggregate {', '  count', '}']);
    default:
      return body(`subscription ${opName}($since: timestamptz!) {`, `${root.select}(where: {updated_at: {_gt: $since}}, order_by: {updated_at: asc})`);
  }
}

/** The collections: most operations are allowed for everyone, a few only for managers. */
export function queryCollections(ops) {
  const adminCount = Math.max(1, Math.floor(ops.length / 10));
  const collection = (name, list, comment) => ({ name, definition: { queries: list.map((o) => ({ name: o.name, query: o.query })) }, comment });
  return [
    collection('allowed-queries', ops.slice(adminCount), 'Operations the apps may send'),
    collection('admin-queries', ops.slice(0, adminCount), 'Back-office operations'),
  ];
}

export function allowList() {
  return [
    { collection: 'allowed-queries', scope: { global: true } },
    { collection: 'admin-queries', scope: { global: false, roles: ['manager', 'staff'] } },
  ];
}

/** REST endpoints for the first few list and by-pk operations of the public collection. */
export function restEndpoints(ops) {
  const adminCount = Math.max(1, Math.floor(ops.length / 10));
  return ops
    .slice(adminCount)
    .filter((o) => o.template === 'list' || o.template === 'by_pk')
    .slice(0, 8)
    .map((o) => ({
      name: o.name,
      url: o.template === 'by_pk' ? `${o.table.name.replaceAll('_', '-')}/:id` : o.table.name.replaceAll('_', '-'),
      methods: ['GET'],
      definition: { query: { collection_name: 'allowed-queries', query_name: o.name } },
      comment: `REST access to ${o.name}`,
    }));
}
