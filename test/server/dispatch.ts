import { expectObject, requireKey, requireString, parseFailed } from './args';
import { QErr } from './qerr';
import type { ServerState } from './state';
import { cloneState } from './state';
import type { OpContext, OpHandler, ServerDialect } from './ops/context';
import { inheritedRoleOps } from './ops/inheritedRoles';
import { manageOps, READ_ONLY } from './ops/manage';
import { relationshipOps } from './ops/relationships';
import { sourceOps } from './ops/sources';

/** Parses the `{type, version?, resource_version?, args}` envelope and runs the command atomically. */

const OPS: Record<string, OpHandler> = { ...relationshipOps, ...sourceOps, ...inheritedRoleOps, ...manageOps };

const BACKENDS: Record<string, string> = {
  pg: 'postgres',
  citus: 'citus',
  cockroach: 'cockroach',
  mssql: 'mssql',
  bigquery: 'bigquery',
  mysql: 'mysql',
};

function unknownCommand(type: string, path: string): QErr {
  const cut = type.indexOf('_');
  const prefix = cut < 0 ? type : type.slice(0, cut);
  const backend = BACKENDS[prefix];
  const message =
    backend === undefined
      ? `unknown metadata command "${type}"; "${prefix}" was not recognized as a valid backend name`
      : `unknown metadata command "${type.slice(cut + 1)}" for backend ${backend}`;
  return parseFailed(message, path);
}

interface Envelope {
  type: string;
  version: 1 | 2;
  resourceVersion?: number;
  args: unknown;
}

function parseEnvelope(body: unknown, path: string): Envelope {
  const obj = expectObject(body, path);
  const type = requireString(obj, 'type', path);
  if (type !== 'bulk' && OPS[type] === undefined) throw unknownCommand(type, path);
  const version = obj.version === 2 ? 2 : 1;
  const rv = obj.resource_version;
  if (rv !== undefined && typeof rv !== 'number') throw parseFailed('expected Int', `${path}.resource_version`);
  return { type, version, args: requireKey(obj, 'args', path), ...(rv === undefined ? {} : { resourceVersion: rv }) };
}

export interface Outcome {
  state: ServerState;
  response: unknown;
}

/**
 * Runs one request. `authorize` is called once the command is known (the engine checks the role
 * after parsing). On any error the given state is left as it was.
 */
export function runMetadataRequest(state: ServerState, body: unknown, dialect: ServerDialect, authorize: () => void): Outcome {
  const envelope = parseEnvelope(body, '$');
  authorize();
  checkResourceVersion(state, envelope);
  const working = cloneState(state);
  const response = runEnvelope(working, envelope, dialect, '$');
  if (!isReadOnly(envelope)) working.resourceVersion = state.resourceVersion + 1;
  return { state: isReadOnly(envelope) ? state : working, response };
}

function isReadOnly(envelope: Envelope): boolean {
  return READ_ONLY.has(envelope.type);
}

function checkResourceVersion(state: ServerState, envelope: Envelope): void {
  if (envelope.resourceVersion === undefined || isReadOnly(envelope)) return;
  if (envelope.resourceVersion !== state.resourceVersion) {
    throw new QErr(409, 'conflict', `metadata resource version referenced (${envelope.resourceVersion}) did not match current version`, '$');
  }
}

function runEnvelope(state: ServerState, envelope: Envelope, dialect: ServerDialect, path: string): unknown {
  if (envelope.type === 'bulk') return runBulk(state, envelope.args, dialect, path);
  const ctx: OpContext = { state, dialect, version: envelope.version };
  try {
    return OPS[envelope.type]!(envelope.args, ctx);
  } catch (e) {
    if (e instanceof QErr && path !== '$' && e.path.startsWith('$')) throw e.withPath(path + e.path.slice(1));
    throw e;
  }
}

/** `bulk`: sub-requests in order on the same working state; the first failure aborts all. */
function runBulk(state: ServerState, args: unknown, dialect: ServerDialect, path: string): unknown[] {
  if (!Array.isArray(args)) throw parseFailed('expected Array', `${path}.args`);
  return args.map((item, i) => {
    const itemPath = `${path}.args[${i}]`;
    return runEnvelope(state, parseEnvelope(item, itemPath), dialect, itemPath);
  });
}
