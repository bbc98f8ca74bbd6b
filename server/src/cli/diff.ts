import { ExportPathError, metadataToFiles } from '../core/sync/files';
import { planWrite } from '../core/sync/plan';
import { unifiedDiff } from '../core/sync/unifiedDiff';
import type { ServerArgs } from './args';
import { fail } from './export';
import type { CliEnv } from './run';
import { exitCodeOf, exportFromServer, makeClient, messageOf, metadataDir, readOwnedFiles, shown } from './serverCommon';

const PAINT = { '+': '\u001b[32m', '-': '\u001b[31m', '@': '\u001b[36m', reset: '\u001b[0m' };

/**
 * `graphql-metadata diff --server URL DIR`: per file, what `export` would change, as a unified
 * diff (`local/<path>` against `server/<path>`). Exit 0 without differences, 1 with.
 */
export async function runDiff(args: ServerArgs, env: CliEnv): Promise<number> {
  const client = makeClient(args, env);
  if (!client) return fail(env, 'this build has no HTTP client (fetch).', 2);
  const dir = metadataDir(env, args.dir);
  const server = await exportFromServer(client);
  if (!server.ok) return fail(env, messageOf(server.error), exitCodeOf(server.error));
  let files: Map<string, string>;
  try {
    files = metadataToFiles(server.metadata);
  } catch (error) {
    if (error instanceof ExportPathError) return fail(env, `cannot compare: ${error.message}`, 2);
    throw error;
  }
  const local = readOwnedFiles(env.host, dir);
  const plan = planWrite(local, files);
  const paths = [...plan.create, ...plan.update, ...plan.delete].sort();
  for (const path of paths) env.stdout(paint(unifiedDiff({ before: `local/${path}`, after: `server/${path}` }, local.get(path), files.get(path)), args.color));
  const summary = `${plan.update.length} changed, ${plan.create.length} only on the server, ${plan.delete.length} only in ${shown(env, dir)}`;
  env.stdout(paths.length === 0 ? `No differences between ${shown(env, dir)} and ${args.server} (resource_version ${server.resourceVersion}).\n` : `${paths.length} files differ (${summary}); server resource_version ${server.resourceVersion}.\n`);
  return paths.length === 0 ? 0 : 1;
}

function paint(diff: string, color: boolean): string {
  if (!color) return diff;
  return diff.replace(/^([-+@]).*$/gm, (line, first: '+' | '-' | '@') => (line.startsWith('---') || line.startsWith('+++') ? line : `${PAINT[first]}${line}${PAINT.reset}`));
}
