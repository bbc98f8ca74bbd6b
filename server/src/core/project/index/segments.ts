import { relative } from '../../util/paths';
import type { Project } from '../project';

/** The parts of the index, each read from one top-level file and everything that file includes. */
export type Segment =
  | 'databases'
  | 'collections'
  | 'allowList'
  | 'inheritedRoles'
  | 'remoteSchemas'
  | 'cronTriggers'
  | 'actions'
  | 'restEndpoints'
  | 'introspection'
  | 'dataConnectors'
  | 'openTelemetry';

export const SEGMENT_FILES: Readonly<Record<Segment, string>> = {
  databases: 'databases/databases.yaml',
  collections: 'query_collections.yaml',
  allowList: 'allow_list.yaml',
  inheritedRoles: 'inherited_roles.yaml',
  remoteSchemas: 'remote_schemas.yaml',
  cronTriggers: 'cron_triggers.yaml',
  actions: 'actions.yaml',
  restEndpoints: 'rest_endpoints.yaml',
  introspection: 'graphql_schema_introspection.yaml',
  dataConnectors: 'backend_configs.yaml',
  openTelemetry: 'opentelemetry.yaml',
};

const BY_FILE = new Map(Object.entries(SEGMENT_FILES).map(([segment, rel]) => [rel, segment as Segment]));

/** The index parts that read any of `paths`: the segments of the top-level files that include them (to any depth). */
export function segmentsOf(project: Project, paths: Iterable<string>): Set<Segment> {
  const out = new Set<Segment>();
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    const file = project.files.get(path);
    if (!file) return;
    if (file.includedBy.length === 0) {
      const segment = BY_FILE.get(relative(project.root, path));
      if (segment) out.add(segment);
    }
    for (const site of file.includedBy) visit(site.file);
  };
  for (const path of paths) visit(path);
  return out;
}
