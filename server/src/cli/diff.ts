import { planWrite, readOwnedFiles, unifiedDiff } from '../core';
import type { EngineArgs } from './args';
import type { CliEnv } from './env';
import { engineFiles, shown } from './engineCommon';

const PAINT = { '+': '\u001b[32m', '-': '\u001b[31m', '@': '\u001b[36m', reset: '\u001b[0m' };

/**
 * `graphql-metadata diff --server URL DIR`: per file, what `export` would change, as a unified
 * diff (`local/<path>` against `server/<path>`). Exit 0 without differences, 1 with.
 */
export async function runDiff(args: EngineArgs, env: CliEnv): Promise<number> {
  const fetched = await engineFiles(args, env, 'compare');
  if (!fetched.ok) return fetched.exitCode;
  const { dir, files } = fetched;
  const local = readOwnedFiles(env.host, dir);
  const plan = planWrite(local, files);
  const paths = [...plan.create, ...plan.update, ...plan.delete].sort();
  for (const path of paths) env.stdout(paint(unifiedDiff({ before: `local/${path}`, after: `server/${path}` }, local.get(path), files.get(path)), args.color));
  const summary = `${plan.update.length} changed, ${plan.create.length} only on the server, ${plan.delete.length} only in ${shown(env, dir)}`;
  env.stdout(
    paths.length === 0
      ? `No differences between ${shown(env, dir)} and ${args.server} (resource_version ${fetched.resourceVersion}).\n`
      : `${paths.length} files differ (${summary}); server resource_version ${fetched.resourceVersion}.\n`,
  );
  return paths.length === 0 ? 0 : 1;
}

function paint(diff: string, color: boolean): string {
  if (!color) return diff;
  return diff.replace(/^([-+@]).*$/gm, (line, first: '+' | '-' | '@') =>
    line.startsWith('---') || line.startsWith('+++') ? line : `${PAINT[first]}${line}${PAINT.reset}`,
  );
}
