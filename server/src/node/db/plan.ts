import { parseDotenv, planModel, resolveSourceUrl, sourceConnections } from '../../core';
import type { DatabaseMode, EnvLookup, ExplicitUrls, FileSystemHost, ModelPlan, SourceBuild, SourceConnection, SourceFact } from '../../core';
import { buildDatabaseModels, sourcesOf } from './index';
import type { BuildOptions } from './index';
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

/**
 * The settings to use in a workspace that is not trusted (Restricted Mode): no database is ever
 * connected to, so no URL is read (not the settings', not databases.yaml's, not `.env`), `auto`
 * becomes `migrations` and `live` becomes `off`.
 */
export function restrictedSettings(settings: DatabaseSettings): DatabaseSettings {
  const mode = settings.mode === 'auto' ? 'migrations' : settings.mode === 'live' ? 'off' : settings.mode;
  return { mode };
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

interface SourcePlan {
  readonly connection: SourceConnection;
  readonly plan: ModelPlan;
}

/** Where each source of a root gets its model from: live (with its URL), its migrations, or none. */
function planSources(root: string, sources: readonly SourceFact[], settings: DatabaseSettings, host: FileSystemHost): SourcePlan[] {
  const env = projectEnv(root, host, settings.env);
  // Only auto and live read URLs (and so the environment and .env) at all.
  const readsUrls = settings.mode === 'auto' || settings.mode === 'live';
  return sourceConnections(sources).map((connection) => ({
    connection,
    plan: planModel(
      settings.mode,
      connection.kind,
      readsUrls ? resolveSourceUrl(connection, settings.explicit, env) : { kind: 'none', why: `mode ${settings.mode}` },
    ),
  }));
}

/**
 * Builds every source's model of a root: URLs resolved here (explicit, databases.yaml, the
 * environment and `.env`), then `buildDatabaseModels` with this path as its live hook. A source
 * that `live` mode leaves without a URL says why in its status.
 */
export async function buildSourceModels(
  root: string,
  sources: readonly SourceFact[],
  settings: DatabaseSettings,
  host: FileSystemHost,
  options: Omit<BuildOptions, 'mode' | 'urls' | 'live'> & { readonly liveOptions?: LiveOptions } = {},
): Promise<SourceBuild[]> {
  const plans = settings.mode === 'off' ? [] : planSources(root, sources, settings, host);
  const byName = new Map(plans.map((p) => [p.connection.source, p]));
  const urls = Object.fromEntries(plans.flatMap(({ connection, plan }) => (plan.use === 'live' ? [[connection.source, plan.url]] : [])));
  const { liveOptions = {}, ...buildOptions } = options;
  const builds = await buildDatabaseModels(root, sourcesOf({ sources }), {
    host,
    ...buildOptions,
    mode: settings.mode,
    urls,
    live: (source, url, signal) => {
      const planned = byName.get(source.name)!;
      const from = planned.plan.use === 'live' ? planned.plan.from : 'the settings';
      return buildLiveSource(planned.connection, url, from, { ...liveOptions, ...(signal ? { signal } : {}) });
    },
  });
  return builds.map((build) => {
    const planned = byName.get(build.source)?.plan;
    return planned?.use === 'off' && build.model === undefined ? { ...build, status: planned.status } : build;
  });
}
