import type { Finding } from '../diagnostics';
import { atLeast, ENGINE_VERSION_FACTS, formatEngineVersion } from '../engineVersion';
import type { EngineVersion, EngineVersionFact } from '../engineVersion';
import type { At } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import { finding } from './rule';
import type { Rule } from './rule';

const TEMPLATE = /\{\{[^{}]*\}\}/;

/**
 * What the target engine version (setting `graphqlMetadata.engineVersion`, CLI `--engine-version`;
 * default the latest v2) does not have yet: OpenTelemetry export before v2.18, its `metrics` and
 * `logs` data types before v2.31 and v2.35, an `{{ENV}}` template as its `status` before v2.39
 * (from v2.39 the engine substitutes it first, so the schema does not hold it against the enum).
 */
export const engineVersionFeatures: Rule = {
  codes: ['engine-version-unsupported'],
  reads: ['openTelemetry', 'engineVersion'],
  check: ({ index, walk, engineVersion }) => openTelemetry(walk, index.openTelemetry, engineVersion),
};

function openTelemetry(walk: Walk, root: At, target: EngineVersion): Finding[] {
  const entries = walk.entries(root);
  if (entries.length === 0) return [];
  const facts = ENGINE_VERSION_FACTS;
  if (!atLeast(target, facts.openTelemetry.since)) return [unsupported(walk, entries[0]!.value, facts.openTelemetry, target, entries[0]!.key)];
  const out: Finding[] = [];
  for (const item of walk.items(walk.get(root, 'data_types'))) {
    const type = walk.text(item);
    const fact = type === 'metrics' ? facts.otelMetrics : type === 'logs' ? facts.otelLogs : undefined;
    if (fact && !atLeast(target, fact.since)) out.push(unsupported(walk, item, fact, target, type!));
  }
  const status = walk.get(root, 'status');
  const text = walk.text(status);
  if (text !== undefined && TEMPLATE.test(text) && !atLeast(target, facts.otelStatusTemplate.since)) {
    out.push(
      unsupported(
        walk,
        status,
        facts.otelStatusTemplate,
        target,
        text,
        ' Before v2.39 the engine rejects it: "OpenTelemetry status must be either \\"enabled\\" or \\"disabled\\"".',
      ),
    );
  }
  return out;
}

function unsupported(walk: Walk, at: At, fact: EngineVersionFact, target: EngineVersion, shown: string, more = ''): Finding {
  const message = `\`${shown}\`: ${fact.what} needs engine ${formatEngineVersion(fact.since)} or later; the target is ${formatEngineVersion(target)} (setting \`graphqlMetadata.engineVersion\`, CLI \`--engine-version\`).${more}`;
  return finding('engine-version-unsupported', 'error', message, walk.loc(at), {
    data: { feature: fact.id, since: formatEngineVersion(fact.since), target: formatEngineVersion(target) },
  });
}
