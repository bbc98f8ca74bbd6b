// The shape of a generated database: tables with columns, a parent each (most of them), and the
// relationships that follow from the foreign keys. Pure data; files are written elsewhere.

export const ROLES = ['user', 'manager', 'viewer', 'editor', 'auditor', 'support'];

const NOUNS = [
  'invoices',
  'payments',
  'projects',
  'tasks',
  'comments',
  'tags',
  'attachments',
  'orders',
  'products',
  'customers',
  'suppliers',
  'shipments',
  'warehouses',
  'tickets',
  'messages',
  'channels',
  'events',
  'venues',
  'bookings',
  'reviews',
  'articles',
  'categories',
  'courses',
  'lessons',
  'enrollments',
  'assignments',
  'submissions',
  'grades',
  'teams',
  'players',
  'matches',
  'seasons',
  'leagues',
  'contracts',
  'documents',
  'folders',
  'approvals',
  'expenses',
  'budgets',
  'vendors',
  'assets',
  'licenses',
  'devices',
  'sensors',
  'readings',
  'alerts',
  'incidents',
  'deployments',
  'releases',
  'builds',
  'pipelines',
  'jobs',
  'candidates',
  'interviews',
  'offers',
  'campaigns',
  'leads',
  'opportunities',
  'quotes',
  'subscriptions',
  'plans',
  'coupons',
  'carts',
  'wishlists',
  'addresses',
  'recipes',
  'ingredients',
  'menus',
  'reservations',
  'rooms',
  'floors',
  'buildings',
  'tenants',
  'leases',
  'inspections',
  'vehicles',
  'routes',
  'stops',
  'drivers',
  'trips',
  'surveys',
  'responses',
  'questions',
  'answers',
  'polls',
  'votes',
  'badges',
  'achievements',
  'rewards',
  'donations',
  'pledges',
  'grants',
  'milestones',
  'sprints',
  'epics',
  'stories',
  'bugs',
  'features',
  'feedback',
  'announcements',
];

const COLUMNS = [
  'title',
  'description',
  'amount',
  'currency',
  'due_at',
  'priority',
  'remarks',
  'external_ref',
  'metadata',
  'is_archived',
  'score',
  'position',
  'label',
  'color',
  'url',
  'quantity',
  'starts_at',
  'ends_at',
  'rating',
  'locale',
  'timezone',
  'sku',
  'price',
  'weight',
  'slug',
  'code',
  'kind',
  'origin',
  'summary',
  'published_at',
];

/** Relationship names that are never column names (the engine rejects a clash). */
const RESERVED_RELATIONSHIPS = ['organization', 'owner', 'parent', 'members', 'memberships', 'settings', 'user', 'users'];
for (const word of [...NOUNS, ...RESERVED_RELATIONSHIPS]) if (COLUMNS.includes(word)) throw new Error(`${word} is both a table and a column name`);

/** The generated tables, in file order. The first four are the fixed core every project has. */
export function buildTables(count, random) {
  if (count < 4) throw new Error('a generated project has at least 4 tables');
  const tables = coreTables();
  const nouns = random.shuffle(NOUNS);
  for (let i = tables.length; i < count; i++) {
    const round = Math.floor((i - 4) / nouns.length);
    const noun = nouns[(i - 4) % nouns.length];
    tables.push(genericTable(round === 0 ? noun : `${noun}_${round + 1}`, tables, random));
  }
  linkChildren(tables, random);
  return tables;
}

function table(name, columns, extra = {}) {
  return { name, columns, objectRels: [], arrayRels: [], parent: undefined, custom: undefined, trigger: false, generic: false, ...extra };
}

function coreTables() {
  const users = table('users', ['id', 'email', 'display_name', 'org_id', 'role', 'created_at', 'updated_at', 'deleted_at']);
  const organizations = table('organizations', ['id', 'name', 'slug', 'plan', 'created_at', 'updated_at']);
  const members = table('members', ['id', 'org_id', 'user_id', 'role', 'created_at']);
  const settings = table('organization_settings', ['id', 'org_id', 'locale', 'timezone', 'billing_email', 'updated_at']);
  users.objectRels.push({ name: 'organization', fk: 'org_id', target: organizations });
  users.arrayRels.push({ name: 'memberships', remote: members, columns: ['user_id'] });
  organizations.arrayRels.push({ name: 'members', remote: members, columns: ['org_id'] }, { name: 'users', remote: users, columns: ['org_id'] });
  organizations.objectRels.push({ name: 'settings', remote: settings, columns: ['org_id'] });
  members.objectRels.push({ name: 'organization', fk: 'org_id', target: organizations }, { name: 'user', fk: 'user_id', target: users });
  settings.objectRels.push({ name: 'organization', manual: { org_id: 'id' }, target: organizations });
  return [users, organizations, members, settings];
}

function genericTable(name, tables, random) {
  const columns = ['id', 'org_id', 'owner_id'];
  const hasParent = tables.length > 4 && random.chance(0.75);
  if (hasParent) columns.push('parent_id');
  columns.push('status', ...random.sample(COLUMNS, random.int(3, 10)), 'created_at', 'updated_at');
  if (random.chance(0.5)) columns.push('deleted_at');
  const t = table(name, columns, { generic: true, trigger: random.chance(0.125) });
  const [users, organizations] = tables;
  t.objectRels.push({ name: 'organization', fk: 'org_id', target: organizations });
  t.objectRels.push(random.chance(0.5) ? { name: 'owner', fk: 'owner_id', target: users } : { name: 'owner', fkColumns: ['owner_id'], target: users });
  if (hasParent) t.parent = tables[random.int(4, tables.length - 1)];
  if (random.chance(0.3)) t.custom = customNames(name);
  return t;
}

/** The parent's side of each child's foreign key: an array relationship (manual for some). */
function linkChildren(tables, random) {
  for (const child of tables) {
    if (!child.parent) continue;
    const manual = random.chance(0.25);
    child.objectRels.push(
      manual ? { name: 'parent', manual: { parent_id: 'id' }, target: child.parent } : { name: 'parent', fk: 'parent_id', target: child.parent },
    );
    child.parent.arrayRels.push(
      manual ? { name: child.name, manualRemote: child, mapping: { id: 'parent_id' } } : { name: child.name, remote: child, columns: ['parent_id'] },
    );
  }
  const organizations = tables[1];
  for (const t of tables)
    if (t.generic && random.chance(0.05) && organizations.arrayRels.length < 60) organizations.arrayRels.push({ name: t.name, remote: t, columns: ['org_id'] });
}

/** Custom GraphQL names derived from the table name, so they never collide with another table's. */
function customNames(name) {
  const camel = name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
  const pascal = camel[0].toUpperCase() + camel.slice(1);
  return {
    type: pascal,
    select: `${camel}List`,
    select_by_pk: `${camel}ById`,
    select_aggregate: `${camel}Stats`,
    insert_one: `create${pascal}`,
    update_by_pk: `update${pascal}ById`,
    delete_by_pk: `delete${pascal}ById`,
  };
}

/** The GraphQL root field names of a table (custom where configured). */
export function rootFields(t) {
  return {
    select: t.custom?.select ?? t.name,
    select_by_pk: t.custom?.select_by_pk ?? `${t.name}_by_pk`,
    select_aggregate: t.custom?.select_aggregate ?? `${t.name}_aggregate`,
    insert_one: t.custom?.insert_one ?? `insert_${t.name}_one`,
    update_by_pk: t.custom?.update_by_pk ?? `update_${t.name}_by_pk`,
  };
}

export function pascalCase(name) {
  return name
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}
