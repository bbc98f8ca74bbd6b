/**
 * The server commands end to end: the extension in a real VS Code against the test server
 * (test/server, spawned here with an admin secret and the fixture's metadata as its state).
 * Each change is checked three ways: what the command returned, the server's state
 * (GET /_test/state), and the files on disk. The admin secret must never reach the output.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import { REPO_ROOT } from '../../server/spawn';
import { activateExtension, fixtureUri, openFixture, pressKeys, screenshot, waitForStatus } from '../helpers';
import { outputLogFile, waitForFileText } from '../logs';
import { metadataTexts as textsUnder, nextOutcome, runCommand as run, serverSettings } from '../serverHelpers';
import type { TestServer } from '../testServer';
import { startTestServer } from '../testServer';

const SECRET = 'e2e-adm1n-s3cret-7f3a';
const META = 'hasura/metadata';
const DATABASES = `${META}/databases/databases.yaml`;
const ARTICLE = `${META}/databases/default/tables/public_article.yaml`;
const COMMENT = `${META}/databases/default/tables/public_comment.yaml`;
const NEW_TABLES = `${META}/databases/analytics/tables/tables.yaml`;
const article = { schema: 'public', name: 'article' };
const comment = { schema: 'public', name: 'comment' };

interface Source {
  name: string;
  configuration: unknown;
  tables: { table: { schema: string; name: string }; object_relationships?: { name: string }[] }[];
}

suite('server commands', () => {
  let api: ExtensionApi;
  let server: TestServer;

  const sources = async (): Promise<Source[]> => (await server.state()).metadata.sources as Source[];
  const relationshipsOf = async (table: string): Promise<string[]> =>
    ((await sources())[0]!.tables.find((t) => t.table.name === table)?.object_relationships ?? []).map((r) => r.name);

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1);
    server = await startTestServer({ state: path.join(REPO_ROOT, 'test', 'e2e', 'server-state.json'), adminSecret: SECRET });
    const stored = await run('graphqlMetadata.setAdminSecret', { url: server.url, secret: SECRET });
    assert.equal(stored.status, 'done', stored.message);
    await serverSettings().update('url', server.url, vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    await serverSettings().update('url', undefined, vscode.ConfigurationTarget.Workspace);
    if (server !== undefined) {
      await run('graphqlMetadata.clearAdminSecret', { url: server.url });
      await server.stop();
    }
  });

  test('once connected, the status bar shows the server and its version', async () => {
    const view = await waitForServerView(api, (v) => v.text.includes('v2.48.0-test'));
    assert.equal(view.text, `$(server) ${new URL(server.url).host} — v2.48.0-test`);
  });

  test('Show Server Configuration from the command palette shows the whole config record', async () => {
    const finished = nextOutcome(api, 'graphqlMetadata.showServerConfiguration');
    await vscode.commands.executeCommand('workbench.action.showCommands');
    await pressKeys('palette-show-server-configuration', [
      { type: 'GraphQL Metadata: Show Server Configuration' },
      { waitFor: 'GraphQL Metadata: Show Server Configuration', press: 'Enter' },
    ]);
    const outcome = await finished;
    assert.equal(outcome.status, 'done', outcome.message);
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.toString(), `graphql-metadata-config:/${new URL(server.url).host.replace(':', '_')}/Server%20configuration.md`);
    const text = doc.getText();
    for (const line of [
      '- Version: v2.48.0-test',
      '- Admin secret set: yes',
      '- JWT: claims namespace `https://hasura.io/jwt/claims`, claims format `json`',
      '- Live queries: batch size 100, refetch delay 1',
      '- Allow list enabled: no',
    ]) {
      assert.ok(text.includes(line), `the view has "${line}":\n${text}`);
    }
    assert.ok(!text.includes(SECRET));
    // The Markdown grammar loads on first use, at times later than the page stays still: the heading in bold is the sign it coloured the view.
    await screenshot(
      'server-configuration',
      ['Server configuration.md', 'Function permissions inferred: yes'],
      ['.view-lines .mtkb:has-text("Server configuration")'],
    );
  });

  test('Add Source: the server gets the source, databases.yaml the entry and the new tables.yaml; Drop Source undoes both', async () => {
    const before = await diskText(DATABASES);
    const configuration = { connection_info: { database_url: { from_env: 'ANALYTICS_DATABASE_URL' }, pool_settings: { max_connections: 10 } } };
    const added = await run('graphqlMetadata.addSource', { kind: 'postgres', name: 'analytics', configuration });
    assert.equal(added.status, 'done', added.message);
    const onServer = (await sources()).find((s) => s.name === 'analytics');
    assert.deepEqual(onServer?.configuration, configuration);
    const entry =
      '- name: analytics\n  kind: postgres\n  configuration:\n    connection_info:\n      database_url:\n        from_env: ANALYTICS_DATABASE_URL\n      pool_settings:\n        max_connections: 10\n  tables: "!include analytics/tables/tables.yaml"\n';
    assert.equal(await diskText(DATABASES), before + entry);
    assert.equal(await diskText(NEW_TABLES), '[]\n');
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.files === 14 && s.roots[0].errors === 0);

    const dropped = await run('graphqlMetadata.dropSource', { name: 'analytics' });
    assert.equal(dropped.status, 'done', dropped.message);
    assert.deepEqual(
      (await sources()).map((s) => s.name),
      ['default'],
    );
    assert.equal(await diskText(DATABASES), before);
    assert.equal(existsSync(fixtureUri(NEW_TABLES).fsPath), false);
    // The source's folders, emptied, are gone too (core/sync/emptied.ts).
    assert.equal(existsSync(fixtureUri(`${META}/databases/analytics`).fsPath), false);
  });

  test('Rename Relationship with an argument object: renamed on the server and in the table file', async () => {
    const before = await diskText(ARTICLE);
    const renamed = await run('graphqlMetadata.renameRelationship', { table: article, name: 'author', new_name: 'writer', source: 'default' });
    assert.equal(renamed.status, 'done', renamed.message);
    assert.deepEqual(await relationshipsOf('article'), ['writer']);
    assert.equal(await diskText(ARTICLE), before.replace('  - name: author\n', '  - name: writer\n'));
    const back = await run('graphqlMetadata.renameRelationship', { table: article, name: 'writer', new_name: 'author' });
    assert.equal(back.status, 'done', back.message);
    assert.equal(await diskText(ARTICLE), before);
  });

  test('a rename the server refuses changes nothing, locally or on the server, and says why', async () => {
    const files = metadataTexts();
    const state = await server.state();
    const refused = await run('graphqlMetadata.renameRelationship', { table: article, name: 'author', new_name: 'title' });
    assert.equal(refused.status, 'refused');
    assert.equal(refused.errorKind, 'already-exists');
    assert.match(refused.message, /field with name "title" already exists/);
    assert.deepEqual(metadataTexts(), files);
    assert.deepEqual(await server.state(), state);
  });

  test('Rename Relationship from the command palette, answering its prompts (cursor on the relationship)', async () => {
    const editor = await openFixture(COMMENT);
    const before = editor.document.getText();
    const at = editor.document.positionAt(before.indexOf('commenter') + 2);
    editor.selection = new vscode.Selection(at, at);
    const finished = nextOutcome(api, 'graphqlMetadata.renameRelationship');
    await vscode.commands.executeCommand('workbench.action.showCommands');
    await pressKeys('palette-rename-relationship', [
      { type: 'GraphQL Metadata: Rename Relationship' },
      { waitFor: 'GraphQL Metadata: Rename Relationship', press: 'Enter' },
      { waitFor: 'Rename Relationship: on which table', press: 'Enter' },
      { waitFor: 'Rename Relationship of public.comment', press: 'Enter' },
      { waitFor: 'Rename Relationship commenter', type: 'reviewer', press: 'Enter' },
    ]);
    const outcome = await finished;
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(await relationshipsOf('comment'), ['article', 'reviewer']);
    assert.equal(await diskText(COMMENT), before.replace('  - name: commenter\n', '  - name: reviewer\n'));
    const back = await run('graphqlMetadata.renameRelationship', { table: comment, name: 'reviewer', new_name: 'commenter' });
    assert.equal(back.status, 'done', back.message);
    assert.equal(await diskText(COMMENT), before);
  });

  test('with an argument object each: a relationship created, commented, uncommented and dropped; an inherited role added and dropped', async () => {
    const authorFile = `${META}/databases/default/tables/public_author.yaml`;
    const rolesFile = `${META}/inherited_roles.yaml`;
    const [author, roles] = [await diskText(authorFile), await diskText(rolesFile)];
    const author_ = { schema: 'public', name: 'author' };
    const using = { foreign_key_constraint_on: { table: comment, columns: ['author_id'] } };
    const steps: [string, Record<string, unknown>][] = [
      ['graphqlMetadata.createArrayRelationship', { table: author_, name: 'comments', using }],
      ['graphqlMetadata.setRelationshipComment', { table: author_, relationship: 'comments', comment: 'Written by the author' }],
    ];
    for (const [command, args] of steps) assert.equal((await run(command, args)).status, 'done', command);
    const entry =
      '  - name: comments\n    using:\n      foreign_key_constraint_on:\n        table:\n          schema: public\n          name: comment\n        columns:\n          - author_id\n    comment: Written by the author\n';
    assert.equal(await diskText(authorFile), author.replace('insert_permissions:\n', `${entry}insert_permissions:\n`));
    const onServer = (await sources())[0]!.tables.find((t) => t.table.name === 'author') as unknown as {
      array_relationships: { name: string; comment?: string }[];
    };
    assert.deepEqual(
      onServer.array_relationships.map((r) => [r.name, r.comment]),
      [
        ['articles', undefined],
        ['comments', 'Written by the author'],
      ],
    );
    assert.equal((await run('graphqlMetadata.setRelationshipComment', { table: author_, relationship: 'comments', comment: null })).status, 'done');
    assert.equal(
      await diskText(authorFile),
      author.replace('insert_permissions:\n', `${entry.replace('    comment: Written by the author\n', '')}insert_permissions:\n`),
    );
    assert.equal((await run('graphqlMetadata.dropRelationship', { table: author_, relationship: 'comments' })).status, 'done');
    assert.equal(await diskText(authorFile), author);

    assert.equal((await run('graphqlMetadata.addInheritedRole', { role: 'staff', role_set: ['user', 'anonymous'] })).status, 'done');
    assert.equal(await diskText(rolesFile), `${roles}- role_name: staff\n  role_set:\n    - user\n    - anonymous\n`);
    assert.deepEqual((await server.state()).metadata.inherited_roles, [
      { role_name: 'editor', role_set: ['user', 'anonymous'] },
      { role_name: 'staff', role_set: ['user', 'anonymous'] },
    ]);
    assert.equal((await run('graphqlMetadata.dropInheritedRole', { role: 'staff' })).status, 'done');
    assert.equal(await diskText(rolesFile), roles);
  });

  test('Rename Source moves the source files with it, and back', async () => {
    const files = metadataTexts();
    const renamed = await run('graphqlMetadata.renameSource', { name: 'default', new_name: 'main' });
    assert.equal(renamed.status, 'done', renamed.message);
    assert.deepEqual(
      (await sources()).map((s) => s.name),
      ['main'],
    );
    assert.match(await diskText(DATABASES), /^- name: main\n[^]*\n {2}tables: "!include main\/tables\/tables.yaml"\n$/);
    const moved = Object.keys(metadataTexts()).filter((f) => f.startsWith('databases/'));
    assert.deepEqual(moved, [
      'databases/databases.yaml',
      ...['public_article', 'public_author', 'public_comment', 'tables'].map((f) => `databases/main/tables/${f}.yaml`),
    ]);
    const back = await run('graphqlMetadata.renameSource', { name: 'main', new_name: 'default' });
    assert.equal(back.status, 'done', back.message);
    assert.deepEqual(metadataTexts(), files);
  });

  test('with the config API disabled on the server, Show Server Configuration says exactly that', async () => {
    await server.options({ enabledApis: ['metadata'] });
    try {
      const outcome = await run('graphqlMetadata.showServerConfiguration');
      assert.equal(outcome.status, 'refused');
      assert.equal(outcome.errorKind, 'not-found');
      assert.match(outcome.message, /the config API is disabled on this server \(it is not in --enabled-apis/);
      const view = await waitForServerView(api, (v) => v.severity === 'warning');
      assert.match(view.tooltip, /the config API is disabled/);
    } finally {
      await server.options({ enabledApis: ['metadata', 'config'] });
    }
  });

  test('the admin secret never reaches the output channel', async () => {
    const log = api.commandLog.join('\n');
    assert.match(log, /pg_rename_relationship -> http:\/\/127\.0\.0\.1:\d+/);
    assert.match(log, /Admin secret stored for http:\/\/127\.0\.0\.1:\d+/);
    assert.ok(!log.includes(SECRET), 'no secret in the command log');
    const file = outputLogFile(api.hostLogFolder);
    const text = await waitForFileText(file, (t) => t.includes('Renamed relationship reviewer of public.comment to commenter'));
    assert.match(text, /pg_rename_relationship -> http:\/\/127\.0\.0\.1/);
    assert.ok(!text.includes(SECRET), `no secret in ${file}`);
  });

  test('once the server URL setting is removed, the status bar no longer shows that server', async () => {
    assert.equal(api.serverView.visible, true, 'the item shows the server before');
    const hidden = waitForServerView(api, (v) => !v.visible);
    await serverSettings().update('url', undefined, vscode.ConfigurationTarget.Workspace);
    assert.deepEqual(await hidden, { visible: false, text: '', tooltip: '', severity: 'none' });
  });
});

async function diskText(rel: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri(rel)));
}

/** Every file under the metadata folder, path -> text on disk. */
function metadataTexts(): Record<string, string> {
  return textsUnder(META);
}

function waitForServerView(api: ExtensionApi, predicate: (view: ExtensionApi['serverView']) => boolean): Promise<ExtensionApi['serverView']> {
  if (predicate(api.serverView)) return Promise.resolve(api.serverView);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`the server status never matched; last: ${JSON.stringify(api.serverView)}`));
    }, 30_000);
    const subscription = api.onDidChangeServerView((view) => {
      if (!predicate(view)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(view);
    });
  });
}
