import type { ApiError } from '../../../common/api/errors';
import { replaceMetadata } from '../../../common/api/manage';
import { checkRoot, directoryToMetadata, inconsistencyMessage, ParseCache, SchemaValidator, serverFindings } from '../core';
import type { BuiltMetadata, Finding, RootResult } from '../core';
import type { EngineArgs } from './args';
import { formatStylish } from './formatStylish';
import { buildReport, listed } from './report';
import { fail, type CliEnv } from './env';
import { exitCodeOf, hasVersionFile, makeClient, messageOf, metadataDir, shown } from './engineCommon';

/**
 * `graphql-metadata apply --server URL DIR`: checks DIR like `check` and refuses on any error; else
 * sends `replace_metadata` (version 2, inconsistencies not allowed, `resource_version` when given).
 * A rejection is printed at the lines of the local files it is about.
 */
export async function runApply(args: EngineArgs, env: CliEnv): Promise<number> {
  const client = makeClient(args, env);
  if (!client) return fail(env, 'this build has no HTTP client (fetch).', 2);
  const dir = metadataDir(env, args.dir);
  if (!hasVersionFile(env, dir)) return fail(env, `${shown(env, dir)} is not a metadata folder (it has no version.yaml).`, 2);
  const result = checkRoot(dir, { host: env.host, cache: new ParseCache(), validator: new SchemaValidator(env.schemas()) });
  const errors = result.findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    env.stdout(formatFindings(env, result, errors, args.color));
    return fail(
      env,
      `apply refused: ${shown(env, dir)} has ${errors.length} error${errors.length === 1 ? '' : 's'}; fix ${errors.length === 1 ? 'it' : 'them'} (graphql-metadata check) and apply again.`,
      1,
    );
  }
  const built = directoryToMetadata(result);
  const request = replaceMetadata({ metadata: built.metadata, ...(args.resourceVersion === undefined ? {} : { resourceVersion: args.resourceVersion }) });
  const answer = await client.run(request);
  if (!answer.ok) return rejected(args, env, result, built, answer.error);
  env.stdout(`Applied ${shown(env, dir)} to ${args.server}.\n`);
  return 0;
}

function rejected(args: EngineArgs, env: CliEnv, result: RootResult, built: BuiltMetadata, error: ApiError): number {
  if (error.kind === 'conflict') {
    const since = args.resourceVersion === undefined ? 'since your last export' : `since resource_version ${args.resourceVersion} was exported`;
    const diff = `graphql-metadata diff --server ${args.server} ${args.dir}`;
    return fail(
      env,
      `apply refused: the server's metadata changed ${since} (409 conflict); nothing was applied. See what changed with \`${diff}\`, then export again, or apply without --resource-version to overwrite it.`,
      1,
    );
  }
  const { findings, unplaced } = serverFindings(built, {
    objects: error.internal,
    ...(error.path === undefined ? {} : { path: error.path }),
    message: error.serverMessage ?? error.message,
  });
  if (findings.length > 0) env.stdout(formatFindings(env, result, findings, args.color));
  for (const object of unplaced) env.stdout(`(not in ${shown(env, result.root)}) ${inconsistencyMessage(object)}\n`);
  return fail(env, `the server rejected the metadata: ${messageOf(error)}`, exitCodeOf(error));
}

function formatFindings(env: CliEnv, result: RootResult, findings: readonly Finding[], color: boolean): string {
  const texts = new Map([...result.project.files.values()].map((f) => [f.path, f.text]));
  return formatStylish(listed(buildReport(findings, result.project.files.size, env.cwd.replace(/\/+$/, '') || '/', env.host, texts), 'info'), color);
}
