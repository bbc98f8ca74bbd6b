// One table file (`public_<name>.yaml`) as the engine CLI writes it.

import { permissionsOf } from './permissions.mjs';

export function tableFile(t, random) {
  const doc = { table: { name: t.name, schema: 'public' } };
  if (t.custom) doc.configuration = configuration(t);
  if (t.objectRels.length > 0) doc.object_relationships = t.objectRels.map(objectRelationship);
  if (t.arrayRels.length > 0) doc.array_relationships = t.arrayRels.map(arrayRelationship);
  const perms = permissionsOf(t, random);
  if (perms.insert.length > 0) doc.insert_permissions = perms.insert;
  if (perms.select.length > 0) doc.select_permissions = perms.select;
  if (perms.update.length > 0) doc.update_permissions = perms.update;
  if (perms.delete.length > 0) doc.delete_permissions = perms.delete;
  if (t.trigger) doc.event_triggers = [eventTrigger(t, random)];
  return doc;
}

function configuration(t) {
  const c = t.custom;
  return {
    column_config: { created_at: { custom_name: 'createdAt' }, updated_at: { custom_name: 'updatedAt' } },
    custom_column_names: { created_at: 'createdAt', updated_at: 'updatedAt' },
    custom_name: c.type,
    custom_root_fields: {
      select: c.select,
      select_by_pk: c.select_by_pk,
      select_aggregate: c.select_aggregate,
      insert_one: c.insert_one,
      update_by_pk: c.update_by_pk,
      delete_by_pk: c.delete_by_pk,
    },
  };
}

const ref = (t) => ({ name: t.name, schema: 'public' });

function objectRelationship(r) {
  if (r.fk) return { name: r.name, using: { foreign_key_constraint_on: r.fk } };
  if (r.fkColumns) return { name: r.name, using: { foreign_key_constraint_on: r.fkColumns } };
  if (r.remote) return { name: r.name, using: { foreign_key_constraint_on: { columns: r.columns, table: ref(r.remote) } } };
  return { name: r.name, using: { manual_configuration: { column_mapping: r.manual, insertion_order: null, remote_table: ref(r.target) } } };
}

function arrayRelationship(r) {
  if (r.manualRemote)
    return { name: r.name, using: { manual_configuration: { column_mapping: r.mapping, insertion_order: null, remote_table: ref(r.manualRemote) } } };
  return { name: r.name, using: { foreign_key_constraint_on: { columns: r.columns, table: ref(r.remote) } } };
}

function eventTrigger(t, random) {
  const updated = t.columns.filter((c) => !['id', 'created_at', 'updated_at'].includes(c)).slice(0, 4);
  return {
    name: `${t.name}_changed`,
    definition: {
      enable_manual: random.chance(0.5),
      insert: { columns: '*' },
      update: { columns: updated },
      ...(random.chance(0.3) ? { delete: { columns: '*' } } : {}),
    },
    retry_conf: { interval_sec: 10, num_retries: random.int(0, 5), timeout_sec: 60 },
    webhook: `{{EVENTS_WEBHOOK_BASE_URL}}/events/${t.name}`,
    headers: [{ name: 'x-events-secret', value_from_env: 'EVENTS_WEBHOOK_SECRET' }],
  };
}
