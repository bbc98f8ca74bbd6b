import { planModel, resolveSourceUrl, sourceConnections } from '../../core/db/connection';
import type { DatabaseMode, EnvLookup, ExplicitUrls, ModelPlan, SourceConnection } from '../../core/db/connection';
import { parseDotenv } from '../../core/db/dotenv';
import type { SourceBuild } from '../../core/db/model';
import type { FileSystemHost } from '../../core/host';
import type { SourceFact } from '../../core/project/index/types';
import { buildLiveSource } from './live';
import type { LiveOptions } from './live';

/** What decides where each source's model comes from (settings in the editor, flags in the CLI). */
export interface DatabaseSettings {
  readonly mode: DatabaseMode;
  /** Explicit URLs by source name, and how to name where they come from. */
  readonly explicit?: ExplicitUrls;
  /** The process environment (default: none). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The project folder of a metadata root: the folder holding config.yaml and `.env`, the root's parent. */
export function projectFolder(root: string): string {
  const slash = root.replace(/\/+$/, '').lastIndexOf('/');
  return slash <= 0 ? '/' : root.slice(0, slash);
}

/**
 * Looks variables up in the process environment, then in the project's `.env` (read once, when
 * first needed). A variable that is unset or empty is not found.
 */
export function projectEnv(root: string, host: FileSystemHost, env: Readonly<Record<string, string | undefined>> = {}): EnvLookup {
  let dotenv: Map<string, string> | undefined;
  const dotenvFile = `${projectFolder(root)}/.env`;
  return (name) => {
    const value = env[name];
    if (value !== undefined && value !== '') return { value, where: 'environment' };
    if (!dotenv) {
      const read = host.readFile(dotenvFile);
      dotenv = read.kind === 'text' ? parseDotenv(read.text, (n) => env[n]) : new Map();
    }
    const fromFile = dotenv.get(name);
    return fromFile !== undefined && fromFile !== '' ? { value: fromFile, where: '.env' } : undefined;
  };
}

export interface SourcePlan {
  readonly connection: SourceConnection;
  readonly plan: ModelPlan;
}

/** Where each source of a root gets its model from: live (with its URL), its migrations, or none. */
export function planSources(root: string, sources: readonly SourceFact[], settings: DatabaseSettings, host: FileSystemHost): SourcePlan[] {
  const env = projectEnv(root, host, settings.env);
  return sourceConnections(sources).map((connection) => ({
    connection,
    plan: planModel(settings.mode, connection.kind, resolveSourceUrl(connection, settings.explicit, env)),
  }));
}

/**
 * Builds the sources planned live (each read from its database, in parallel) or off (a status and
 * nothing else); the sources planned to come from their migrations are handed back, in order, for
 * the migrations runner.
 */
export async function buildPlanned(plans: readonly SourcePlan[], options: LiveOptions = {}): Promise<{ builds: SourceBuild[]; migrations: SourcePlan[] }> {
  const builds = await Promise.all(plans.map(async ({ connection, plan }) => {
    if (plan.use === 'live') return buildLiveSource(connection, plan.url, plan.from, options);
    if (plan.use === 'off') return { source: connection.source, status: plan.status, findings: [] };
    return undefined;
  }));
  return { builds: builds.filter((b) => b !== undefined), migrations: plans.filter((p) => p.plan.use === 'migrations') };
}
