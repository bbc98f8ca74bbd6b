import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { edit, refused, rel, setup } from './helpers';

const DATABASES = 'databases/databases.yaml';
const PG = { connection_info: { database_url: { from_env: 'ANALYTICS_URL' }, pool_settings: { max_connections: 10, idle_timeout: 60 } } };

describe('add source', () => {
  test('a new entry in the CLI layout after the last one, comments kept, and an empty tables.yaml', () => {
    const start = setup({
      [DATABASES]: `# sources of the app
- name: default # the main one
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  tables: "!include default/tables/tables.yaml"
# end
`,
    });
    const out = edit(start, { type: 'add_source', args: { kind: 'postgres', name: 'analytics', configuration: PG } });
    assert.equal(
      out.text(DATABASES),
      `# sources of the app
- name: default # the main one
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  tables: "!include default/tables/tables.yaml"
- name: analytics
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: ANALYTICS_URL
      pool_settings:
        max_connections: 10
        idle_timeout: 60
  tables: "!include analytics/tables/tables.yaml"
# end
`,
    );
    assert.equal(out.text('databases/analytics/tables/tables.yaml'), '[]\n');
    assert.deepEqual(out.change.notes, []);
  });

  test('takes the indentation of the existing items and quotes what YAML 1.1 would not read back as a string', () => {
    const start = setup({
      [DATABASES]: `  - name: default
    kind: postgres
    configuration:
      connection_info:
        database_url:
          from_env: PG_DATABASE_URL
    tables: "!include default/tables/tables.yaml"`,
    });
    const out = edit(start, {
      type: 'add_source',
      args: { kind: 'mssql', name: 'yes', configuration: { connection_info: { connection_string: 'Server=db;Database=app' } } },
    });
    assert.equal(
      out.text(DATABASES),
      `  - name: default
    kind: postgres
    configuration:
      connection_info:
        database_url:
          from_env: PG_DATABASE_URL
    tables: "!include default/tables/tables.yaml"
  - name: "yes"
    kind: mssql
    configuration:
      connection_info:
        connection_string: Server=db;Database=app
    tables: "!include yes/tables/tables.yaml"
`,
    );
  });

  test('an empty list ([]) becomes a block list; BigQuery keeps its datasets string', () => {
    const start = setup({
      [DATABASES]: '[]\n',
      'databases/default/tables/tables.yaml': null,
      'databases/default/tables/public_author.yaml': null,
      'databases/default/tables/public_article.yaml': null,
    });
    const configuration = { service_account: { from_env: 'BQ_SA' }, project_id: 'acme', datasets: 'sales,ops' };
    const out = edit(start, { type: 'add_source', args: { kind: 'bigquery', name: 'bq', configuration } });
    assert.equal(
      out.text(DATABASES),
      `- name: bq
  kind: bigquery
  configuration:
    service_account:
      from_env: BQ_SA
    project_id: acme
    datasets: sales,ops
  tables: "!include bq/tables/tables.yaml"
`,
    );
  });

  test('replace_configuration replaces only the configuration of the existing entry', () => {
    const start = setup({
      [DATABASES]: `- name: default
  kind: postgres
  configuration:
    # old settings
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  tables: "!include default/tables/tables.yaml" # keep
`,
    });
    const out = edit(start, {
      type: 'add_source',
      args: {
        kind: 'postgres',
        name: 'default',
        configuration: { connection_info: { database_url: 'postgres://db/app', use_prepared_statements: true } },
        replace_configuration: true,
      },
    });
    assert.equal(
      out.text(DATABASES),
      `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url: postgres://db/app
      use_prepared_statements: true
  tables: "!include default/tables/tables.yaml" # keep
`,
    );
    assert.deepEqual(out.change.files, []);
  });

  test('a name that cannot be a folder gets its tables inline, with a note', () => {
    const out = edit(setup(), { type: 'add_source', args: { kind: 'postgres', name: 'a/b', configuration: PG } });
    assert.match(out.text(DATABASES)!, /- name: a\/b\n {2}kind: postgres\n[\s\S]*\n {2}tables: \[\]\n$/);
    assert.deepEqual(out.change.files, []);
    assert.deepEqual(out.change.notes, ['The name `a/b` cannot be a folder name, so its tables are listed inline in databases.yaml.']);
  });

  test('a databases.yaml that is not a list is refused', () => {
    assert.equal(
      refused(setup({ [DATABASES]: 'name: default\n' }), { type: 'add_source', args: { kind: 'postgres', name: 'x', configuration: PG } }),
      'databases/databases.yaml is not a list of sources; add `x` by hand.',
    );
  });
});

const TWO_SOURCES = {
  [DATABASES]: `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  tables: "!include default/tables/tables.yaml"
# the reporting replica
- name: reports
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: REPORTS_URL
  tables: "!include reports/tables/tables.yaml"
`,
  'databases/reports/tables/tables.yaml': '- "!include public_daily.yaml"\n',
  'databases/reports/tables/public_daily.yaml': 'table:\n  name: daily\n  schema: public\n',
};

describe('drop source', () => {
  test('removes the entry and deletes the files only it includes', () => {
    const out = edit(setup(TWO_SOURCES), { type: 'drop_source', args: { name: 'reports' } });
    assert.equal(
      out.text(DATABASES),
      `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  tables: "!include default/tables/tables.yaml"
# the reporting replica
`,
    );
    assert.deepEqual(out.change.files, [
      { kind: 'delete', file: rel('databases/reports/tables/tables.yaml') },
      { kind: 'delete', file: rel('databases/reports/tables/public_daily.yaml') },
    ]);
  });

  test('the last source leaves an empty list', () => {
    const out = edit(setup(), { type: 'drop_source', args: { name: 'default' } });
    assert.equal(out.text(DATABASES), '[]\n');
    assert.equal(out.change.files.length, 3);
  });

  test('cascade removes the remote relationships of other sources that lead to it', () => {
    const files = {
      ...TWO_SOURCES,
      'databases/default/tables/public_article.yaml': `table:
  name: article
  schema: public
object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
remote_relationships:
  - name: daily_stats
    definition:
      to_source:
        relationship_type: object
        source: reports
        table:
          name: daily
          schema: public
        field_mapping:
          id: article_id
`,
    };
    const out = edit(setup(files), { type: 'drop_source', args: { name: 'reports', cascade: true } });
    assert.equal(
      out.text('databases/default/tables/public_article.yaml'),
      `table:
  name: article
  schema: public
object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
`,
    );
    const without = edit(setup(files), { type: 'drop_source', args: { name: 'reports' } });
    assert.deepEqual(without.change.notes, [
      'Remote relationships still lead to `reports`: public.article.daily_stats (databases/default/tables/public_article.yaml).',
    ]);
  });

  test('a source that is not in the files changes nothing, with a note', () => {
    const out = edit(setup(), { type: 'drop_source', args: { name: 'nope' } });
    assert.deepEqual(out.change, { edits: [], files: [], notes: ['Source `nope` was not in the local files; nothing to change there.'] });
  });
});

describe('rename source', () => {
  test('renames the entry, its include paths and moves its files', () => {
    const out = edit(setup(TWO_SOURCES), { type: 'rename_source', args: { name: 'reports', new_name: 'reporting' } });
    assert.equal(
      out.text(DATABASES),
      `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  tables: "!include default/tables/tables.yaml"
# the reporting replica
- name: reporting
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: REPORTS_URL
  tables: "!include reporting/tables/tables.yaml"
`,
    );
    assert.deepEqual(out.change.files, [
      { kind: 'rename', from: rel('databases/reports/tables/public_daily.yaml'), to: rel('databases/reporting/tables/public_daily.yaml') },
      { kind: 'rename', from: rel('databases/reports/tables/tables.yaml'), to: rel('databases/reporting/tables/tables.yaml') },
    ]);
    assert.equal(out.text('databases/reporting/tables/public_daily.yaml'), 'table:\n  name: daily\n  schema: public\n');
  });

  test('keeps quotes around the name; a folder that is taken stays where it is, with a note', () => {
    const files = {
      ...TWO_SOURCES,
      [DATABASES]: TWO_SOURCES[DATABASES].replace('- name: reports', "- name: 'reports'"),
      'databases/default2/tables/x.yaml': 'table: x\n',
    };
    const out = edit(setup(files), { type: 'rename_source', args: { name: 'reports', new_name: 'default2' } });
    assert.match(out.text(DATABASES)!, /- name: 'default2'\n[\s\S]*"!include reports\/tables\/tables.yaml"/);
    assert.deepEqual(out.change.files, []);
    assert.deepEqual(out.change.notes, ['Its files stay in databases/reports: databases/default2 is already used.']);
  });
});
