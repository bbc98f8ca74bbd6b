// actions.yaml + actions.graphql: synchronous mutations and queries over generated tables, their
// custom types (with relationships back to tables) and permissions.

import { pascalCase, ROLES } from './model.mjs';

const VERBS = ['approve', 'archive', 'export', 'import', 'sync', 'recalculate', 'publish', 'notify'];

export function actionsOf(tables, count, random) {
  const out = [];
  const seen = new Set();
  for (let guard = 0; out.length < count && guard < count * 10; guard++) {
    const t = random.pick(tables);
    const verb = random.pick(VERBS);
    const name = `${verb}${pascalCase(t.name)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({
      name,
      verb,
      table: t,
      type: verb === 'export' ? 'query' : 'mutation',
      roles: random.sample(ROLES, random.int(1, 3)),
      timeout: random.chance(0.3) ? 60 : undefined,
    });
  }
  return out;
}

export function actionsYaml(actions) {
  return {
    actions: actions.map((a) => ({
      name: a.name,
      definition: {
        kind: 'synchronous',
        handler: `{{ACTIONS_BASE_URL}}/${a.verb}`,
        forward_client_headers: true,
        ...(a.type === 'query' ? { type: 'query' } : {}),
        ...(a.timeout ? { timeout: a.timeout } : {}),
        headers: [{ name: 'x-action-secret', value_from_env: 'ACTIONS_SECRET' }],
      },
      permissions: a.roles.map((role) => ({ role })),
      comment: `${a.verb} one row of ${a.table.name}`,
    })),
    custom_types: {
      enums: [{ name: 'ExportFormat' }],
      input_objects: actions.map((a) => ({ name: `${pascalCase(a.name)}Input` })),
      objects: actions.map((a) => ({
        name: `${pascalCase(a.name)}Output`,
        relationships: [
          { field_mapping: { item_id: 'id' }, name: 'item', remote_table: { name: a.table.name, schema: 'public' }, source: 'default', type: 'object' },
        ],
      })),
      scalars: [],
    },
  };
}

export function actionsGraphql(actions) {
  const blocks = actions.map((a) => {
    const type = pascalCase(a.name);
    const root = a.type === 'query' ? 'Query' : 'Mutation';
    const format = a.verb === 'export' ? '  format: ExportFormat!\n' : '';
    return `type ${root} {\n  ${a.name}(\n    input: ${type}Input!\n  ): ${type}Output\n}\n\ninput ${type}Input {\n  id: uuid!\n${format}  reason: String\n}\n\ntype ${type}Output {\n  ok: Boolean!\n  item_id: uuid!\n  message: String\n}\n`;
  });
  return `${[...blocks, 'enum ExportFormat {\n  CSV\n  JSON\n  PDF\n}\n'].join('\n')}`;
}
