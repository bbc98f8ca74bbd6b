import type { SourceBuild } from '../../core/db/model';
import type { FileSystemHost } from '../../core/host';
import type { SourceFact } from '../../core/project/index/types';
import { buildDatabaseModels } from './index';
import type { BuildOptions } from './index';
import { buildPlanned, planSources } from './plan';
import type { DatabaseSettings } from './plan';

/**
 * The models of a root's sources, as the CLI and the language server get them: each source planned
 * (live with its URL, its migrations, or off), the live ones read in parallel, then the migrations
 * applied in the embedded Postgres; in the order of databases.yaml.
 */
export async function buildRootModels(root: string, sources: readonly SourceFact[], settings: DatabaseSettings, host: FileSystemHost, options: Pick<BuildOptions, 'signal' | 'cacheDir' | 'workerPath' | 'timeoutMs' | 'onBuilt'> = {}): Promise<SourceBuild[]> {
  const plans = planSources(root, sources, settings, host);
  const { builds, migrations } = await buildPlanned(plans);
  const refs = migrations.map(({ connection }) => ({ name: connection.source, kind: connection.kind }));
  const fromMigrations = refs.length === 0 ? [] : await buildDatabaseModels(root, refs, { ...options, mode: 'migrations', host });
  const all = [...builds, ...fromMigrations];
  return plans.flatMap(({ connection }) => all.filter((b) => b.source === connection.source));
}
