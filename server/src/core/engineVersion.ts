/**
 * The version of the engine the metadata is meant for (setting `graphqlMetadata.engineVersion`, CLI
 * `--engine-version`). Some facts depend on it; each is listed in ENGINE_VERSION_FACTS with where it
 * comes from, and judged by the target version (default: the latest v2 release).
 */
export interface EngineVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** The latest v2 release this checker knows: the default target. */
export const LATEST_V2: EngineVersion = { major: 2, minor: 48, patch: 0 };

/** `v2.39`, `2.39.0`, `v2.36.6`, or `latest`; undefined for anything else. */
export function parseEngineVersion(text: string): EngineVersion | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'latest' || trimmed === '') return LATEST_V2;
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:[-+].*)?$/.exec(trimmed);
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) };
}

export function formatEngineVersion(v: EngineVersion): string {
  return `v${v.major}.${v.minor}.${v.patch}`;
}

/** Whether `v` is `since` or later. */
export function atLeast(v: EngineVersion, since: EngineVersion): boolean {
  return v.major !== since.major ? v.major > since.major : v.minor !== since.minor ? v.minor > since.minor : v.patch >= since.patch;
}

export interface EngineVersionFact {
  readonly id: string;
  readonly since: EngineVersion;
  /** What needs that version, as a finding names it. */
  readonly what: string;
  /** Where the fact comes from (the engine's changelog, docs or source). */
  readonly source: string;
}

const v = (minor: number, patch = 0): EngineVersion => ({ major: 2, minor, patch });

export const ENGINE_VERSION_FACTS = {
  openTelemetry: {
    id: 'opentelemetry',
    since: v(18),
    what: 'OpenTelemetry export (opentelemetry.yaml)',
    source: 'engine changelog v2.18.0-beta.1: "Export Traces in the OpenTelemetry format"',
  },
  otelMetrics: {
    id: 'opentelemetry-metrics',
    since: v(31),
    what: 'OpenTelemetry `data_types: [metrics]`',
    source:
      'engine docs (observability/opentelemetry): "support for metrics export added in v2.31.0"; server/src-lib/Hasura/RQL/Types/OpenTelemetry.hs `OtelDataType` (`OtelTraces` only before)',
  },
  otelLogs: {
    id: 'opentelemetry-logs',
    since: v(35),
    what: 'OpenTelemetry `data_types: [logs]`',
    source: 'engine docs (observability/opentelemetry): "for logs export added in v2.35.0"; `OtelDataType` gains `OtelLogs`',
  },
  otelStatusTemplate: {
    id: 'opentelemetry-status-template',
    since: v(39),
    what: 'an environment variable template in OpenTelemetry `status`',
    source:
      'engine changelog v2.39.0: "Support env variable template to set the OpenTelemetry status (fix #10177)"; OpenTelemetry.hs `parseOtelStatusConfig` (`OtelStatusVariable`); v2.37 rejects it: "OpenTelemetry status must be either \\"enabled\\" or \\"disabled\\""',
  },
} as const satisfies Record<string, EngineVersionFact>;
