import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { COMMANDS, COMMON_OPTIONS, HELP, optionUsage, parseArgs } from '../../../server/src/cli/args';
import type { OptionSpec } from '../../../server/src/cli/args';

const README = fs.readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');

/** The first column of the README's `| Option | What it does |` table, unescaped. */
function readmeCheckOptions(): string[] {
  const start = README.indexOf('| Option | What it does |');
  assert.ok(start >= 0, 'README has the option table of check');
  const table = README.slice(start, README.indexOf('\n\n', start)).split('\n').slice(2);
  return table.map((row) => /^\| `(.*?)` \|/.exec(row)![1]!.replace(/\\\|/g, '|'));
}

const documented = (o: OptionSpec<never>): boolean => o.help !== undefined;
const allOptions = (): OptionSpec<never>[] => [...Object.values(COMMANDS).flatMap((c) => c.options), ...(COMMON_OPTIONS as readonly OptionSpec<never>[])];

describe('the CLI options: one declaration (server/src/cli/args.ts)', () => {
  test("the README's option table of check lists exactly check's options, in their order, as --help writes them", () => {
    const expected = [...COMMANDS.check!.options, ...(COMMON_OPTIONS as readonly OptionSpec<never>[])]
      .filter(documented)
      .filter((o) => !o.names.includes('--help') && !o.names.includes('--version'))
      .map(optionUsage);
    assert.deepEqual(readmeCheckOptions(), expected);
  });

  test('every option, of every command, is in --help and named in the README', () => {
    for (const option of allOptions().filter(documented)) {
      assert.ok(HELP.includes(` ${optionUsage(option)} `), `--help shows ${optionUsage(option)}`);
      for (const name of option.names.filter((n) => n.startsWith('--'))) assert.ok(README.includes(name), `README names ${name}`);
    }
    for (const [name, command] of Object.entries(COMMANDS)) assert.ok(HELP.includes(`graphql-metadata ${command.usage}\n`), `--help shows ${name}`);
  });

  test('each name belongs to one option of a command, and a value taken from the next word names what it expects when missing', () => {
    for (const [name, command] of Object.entries(COMMANDS)) {
      const names = [...command.options, ...(COMMON_OPTIONS as readonly OptionSpec<never>[])].flatMap((o) => o.names);
      assert.deepEqual(names, [...new Set(names)], `${name}: no name twice`);
      for (const option of command.options.filter((o) => o.value !== undefined)) {
        const flag = option.names[0]!;
        assert.deepEqual(parseArgs([name, flag], false), {
          command: 'error',
          message: `${flag} needs a value${option.expects !== undefined ? `: ${option.expects}` : ''}.`,
        });
      }
    }
  });

  test('the parse: both value forms, short names, common options anywhere, and what is refused', () => {
    assert.deepEqual(parseArgs(['check', '-f', 'json', '--max-warnings=3', '-j', '2', 'a', '-q', 'b', '--no-color'], true), {
      command: 'check',
      dirs: ['a', 'b'],
      format: 'json',
      maxWarnings: 3,
      rules: {},
      color: false,
      show: 'errors',
      outputFile: undefined,
      database: { mode: 'auto', urls: {}, bareUrl: undefined },
      engineVersion: undefined,
      jobs: 2,
    });
    assert.deepEqual(parseArgs(['apply', '--server', 'http://h', '--resource-version', '7', '--dialect=engine', 'm'], true), {
      command: 'apply',
      server: 'http://h',
      dir: 'm',
      dialect: 'engine',
      color: true,
      resourceVersion: 7,
    });
    assert.deepEqual(parseArgs(['export', '--server', 'http://h', '--resource-version', '7'], false), {
      command: 'error',
      message: 'Unknown option --resource-version for export.',
    });
    assert.deepEqual(parseArgs(['diff', '--server', 'http://h', 'a', 'b'], false), { command: 'error', message: 'diff takes one metadata folder, not 2.' });
    assert.deepEqual(parseArgs(['diff', 'a'], false), { command: 'error', message: 'diff needs --server URL (e.g. --server http://localhost:8080).' });
    assert.deepEqual(parseArgs(['apply', '--admin-secret', 's'], false), {
      command: 'error',
      message:
        'There is no --admin-secret flag: set the admin secret in the environment variable GRAPHQL_METADATA_ADMIN_SECRET (flags end up in shell history and process lists).',
    });
    assert.deepEqual(parseArgs(['check', 'a', '--help'], false), { command: 'help' });
    assert.deepEqual(parseArgs(['-v'], false), { command: 'version' });
    assert.deepEqual(parseArgs([], false), { command: 'help' });
    assert.deepEqual(parseArgs(['lint'], false), { command: 'error', message: 'Unknown command `lint`.' });
    assert.deepEqual(parseArgs(['--format', 'json'], false), { command: 'error', message: 'Unknown option --format: give a command first.' });
    assert.deepEqual(parseArgs(['check', '--fromat', 'json'], false), { command: 'error', message: 'Unknown option --fromat for check.' });
  });
});
