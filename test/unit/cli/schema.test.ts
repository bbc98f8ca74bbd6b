import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { buildClientSchema, buildSchema } from 'graphql';
import type { IntrospectionQuery } from 'graphql';
import { parseArgs } from '../../../server/src/cli/args';
import { SCHEMAS, compareWithExpected, expectedSchema, remoteSdl, schemaFacts } from '../helpers/schemaFacts';
import { sharedFolder } from '../helpers/shared';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'dist/cli.js');
const PROJECT = path.join(SCHEMAS, 'Guarn__blocnotes');

describe('schema: the flags', () => {
  test('defaults: the current folder, admin, SDL, auto models', () => {
    assert.deepEqual(parseArgs(['schema'], false), {
      command: 'schema',
      dir: '.',
      role: 'admin',
      format: 'sdl',
      outputFile: undefined,
      namingConvention: undefined,
      engineVersion: undefined,
      database: { mode: 'auto', urls: {}, bareUrl: undefined },
      remoteSchemas: {},
    });
  });

  test('every flag', () => {
    assert.deepEqual(
      parseArgs(
        [
          'schema',
          'hasura',
          '--role',
          'user',
          '--format=introspection',
          '-o',
          'schema.json',
          '--naming-convention',
          'graphql-default',
          '--engine-version',
          'v2.19',
          '--database',
          'migrations',
          '--remote-schema',
          'My Remote=remote.graphql',
        ],
        false,
      ),
      {
        command: 'schema',
        dir: 'hasura',
        role: 'user',
        format: 'introspection',
        outputFile: 'schema.json',
        namingConvention: 'graphql-default',
        engineVersion: { major: 2, minor: 19, patch: 0 },
        database: { mode: 'migrations', urls: {}, bareUrl: undefined },
        remoteSchemas: { 'My Remote': 'remote.graphql' },
      },
    );
  });

  test('bad values are usage errors that say what is accepted', () => {
    const message = (argv: string[]): string => {
      const parsed = parseArgs(['schema', ...argv], false);
      return parsed.command === 'error' ? parsed.message : parsed.command;
    };
    assert.equal(message(['--format', 'json']), '--format of schema must be sdl or introspection, not `json`.');
    assert.equal(message(['--naming-convention', 'camel']), '--naming-convention must be hasura-default or graphql-default, not `camel`.');
    assert.equal(message(['--engine-version', 'two']), '--engine-version takes a version such as v2.39 or 2.36.6, or latest.');
    assert.equal(message(['a', 'b']), 'schema takes one metadata folder, not 2.');
    assert.equal(message(['--rule', 'x=off']), 'Unknown option --rule for schema.');
    assert.equal(message(['--role']), '--role needs a value: a role of the metadata.');
    assert.equal(
      message(['--remote-schema', 'x.graphql']),
      "--remote-schema takes NAME=FILE (the remote schema's name in remote_schemas.yaml and its SDL file), not `x.graphql`.",
    );
  });
});

describe('schema: the built CLI on a real project', () => {
  sharedFolder(PROJECT);
  assert.ok(fs.existsSync(CLI), `${CLI} is missing: run \`node scripts/build.mjs\` first (npm test does)`);
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-schema-cli-'));
  after(() => fs.rmSync(cache, { recursive: true, force: true }));
  const run = (args: string[], cwd = PROJECT): { code: number | null; stdout: string; stderr: string } => {
    const r = spawnSync(process.execPath, [CLI, 'schema', ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: cache, NO_COLOR: '1' },
      maxBuffer: 1 << 26,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  test('--format introspection is what buildClientSchema reads, and matches the schema the engine served', () => {
    const r = run(['--format', 'introspection', '--engine-version', 'v2.1.1']);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout) as { data: IntrospectionQuery };
    const schema = buildClientSchema(json.data);
    assert.deepEqual(compareWithExpected('Guarn__blocnotes', schema), { expected: 662, matched: 662, missing: [], extra: [] });
  });

  test('SDL (the default) gives the same facts, and is the same text every run', () => {
    const first = run(['--engine-version', 'v2.1.1']);
    assert.equal(first.code, 0, first.stderr);
    const introspection = run(['--format', 'introspection', '--engine-version', 'v2.1.1']);
    const fromJson = buildClientSchema((JSON.parse(introspection.stdout) as { data: IntrospectionQuery }).data);
    assert.deepEqual([...schemaFacts(buildSchema(first.stdout))].sort(), [...schemaFacts(fromJson)].sort());
    assert.equal(run(['--engine-version', 'v2.1.1']).stdout, first.stdout);
  });

  test('a role sees its own schema; an unknown role is a usage error that lists the roles', () => {
    const role = run(['--role', 'authorized', '--engine-version', 'v2.1.1']);
    assert.equal(role.code, 0, role.stderr);
    const schema = buildSchema(role.stdout);
    assert.deepEqual(Object.keys(schema.getQueryType()?.getFields() ?? {}).sort(), [
      'login',
      'messages',
      'messages_by_pk',
      'notes',
      'notes_by_pk',
      'utilisateur',
      'utilisateur_by_pk',
    ]);
    assert.equal(schema.getMutationType(), undefined);
    const unknown = run(['--role', 'nobody']);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr, "graphql-metadata: unknown role nobody: the metadata's roles are admin, authorized, public\n");
  });

  test('--remote-schema NAME=FILE joins a remote schema; a name remote_schemas.yaml lacks is a usage error', () => {
    const project = path.join(SCHEMAS, 'Cohey0727__ShogiGPT');
    const remote = ['health', 'matchEvaluations']
      .map((f) => `query_root.${f}`)
      .concat(['forkMatch', 'rewindMatch', 'sendChatMessage', 'startMatch'].map((f) => `mutation_root.${f}`));
    const file = path.join(cache, 'shogi.graphql');
    fs.writeFileSync(file, remoteSdl(expectedSchema('Cohey0727__ShogiGPT'), remote));
    const r = run(['--role', 'anonymous', '--engine-version', 'v2.48.6', '--format', 'introspection', '--remote-schema', `ShogiGPT Server=${file}`], project);
    assert.equal(r.code, 0, r.stderr);
    const schema = buildClientSchema((JSON.parse(r.stdout) as { data: IntrospectionQuery }).data);
    const c = compareWithExpected('Cohey0727__ShogiGPT', schema);
    assert.deepEqual([c.matched, c.missing, c.extra], [985, [], []]);
    const wrong = run(['--remote-schema', `Shogi=${file}`], project);
    assert.equal(wrong.code, 2);
    assert.equal(wrong.stderr, 'graphql-metadata: --remote-schema Shogi=FILE: no remote schema is named `Shogi` (remote schemas: ShogiGPT Server).\n');
  });
});
