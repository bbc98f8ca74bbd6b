import { emptiedFolders, planChanges, planWrite, readOwnedFiles, unexportedKeys } from '../core';
import type { WritePlan } from '../core';
import type { EngineArgs } from './args';
import { fail, say, type CliEnv } from './env';
import { engineFiles, shown } from './engineCommon';
import { nodeTreeFs, writeAtomically } from './writeTree';

/** `graphql-metadata export --server URL DIR`: the server's metadata into DIR, all or nothing. */
export async function runExport(args: EngineArgs, env: CliEnv): Promise<number> {
  const fetched = await engineFiles(args, env, 'export');
  if (!fetched.ok) return fetched.exitCode;
  const { dir, files } = fetched;
  for (const key of unexportedKeys(fetched.metadata)) say(env, `warning: the server's metadata has a key \`${key}\` that no file holds; it is not written.`);
  const plan = planWrite(readOwnedFiles(env.host, dir), files);
  env.stdout(describePlan(plan));
  if (planChanges(plan) === 0) {
    env.stdout(`No changes: ${shown(env, dir)} already matches ${args.server} (resource_version ${fetched.resourceVersion}).\n`);
    return 0;
  }
  try {
    writeAtomically(env.tree ?? nodeTreeFs(), dir, files, plan, emptiedFolders(env.host, dir, plan));
  } catch (error) {
    return fail(env, `could not write ${shown(env, dir)}: ${error instanceof Error ? error.message : String(error)}; the folder was left as it was.`, 2);
  }
  const counts = `${plan.create.length} created, ${plan.update.length} updated, ${plan.delete.length} deleted`;
  env.stdout(`Exported resource_version ${fetched.resourceVersion} from ${args.server} to ${shown(env, dir)}: ${counts}.\n`);
  return 0;
}

/** One line per changed file: `create`, `update`, `delete`. */
function describePlan(plan: WritePlan): string {
  const lines = [...plan.create.map((p) => `create  ${p}`), ...plan.update.map((p) => `update  ${p}`), ...plan.delete.map((p) => `delete  ${p}`)];
  return lines.map((l) => `${l}\n`).join('');
}
