import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { ParseCache } from '../../../server/src/core/project/cache';
import { RootSession } from '../../../server/src/core/session';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { CORPUS, corpusProject } from '../helpers/corpus';
import { memoryHost } from '../helpers/memoryHost';
import { schemaValidator } from '../helpers/project';
import { MUTATION_KINDS, mutate, random } from './mutants';
import type { Mutant, MutationKind, Targets } from './mutants';

/** One mutant's verdicts: does our checker report an error, does the engine's schema reject it. */
export interface Outcome {
  readonly project: string;
  readonly mutant: Mutant;
  readonly ours: boolean;
  readonly document: boolean;
  /** The codes of our error findings. */
  readonly codes: readonly string[];
}

/** The enum strings and required keys of our schemas and of the engine's document (the mutations' targets). */
export function targetsOf(document: object): Targets {
  const enums = new Set<string>();
  const required = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value)) value.forEach((v) => typeof v === 'string' && v.length > 1 && enums.add(v));
      else if (key === 'required' && Array.isArray(value)) value.forEach((v) => typeof v === 'string' && required.add(v));
      else visit(value);
    }
  };
  visit(document);
  loadSchemaSet().schemas.forEach(visit);
  return { enums, required };
}

/**
 * The seeded differential: `perKind` mutants of each kind in each corpus project (a random reachable
 * YAML file, a random place in it), each checked by our checker (one incremental re-check) and, as the
 * metadata JSON our sync code builds, by the engine's schema.
 */
export function runDifferential(validate: ValidateFunction, targets: Targets, perKind: number, seed: number): Outcome[] {
  const outcomes: Outcome[] = [];
  const projects = fs
    .readdirSync(CORPUS)
    .filter((p) => fs.existsSync(path.join(CORPUS, p, 'metadata')))
    .sort();
  projects.forEach((project, n) => {
    const { root, files } = corpusProject(project);
    const session = new RootSession(root, { host: memoryHost(files), cache: new ParseCache(), validator: schemaValidator() });
    const base = session.check();
    const paths = [...base.project.files.values()]
      .filter((f) => f.yaml && !f.unreferenced)
      .map((f) => f.path)
      .sort();
    const rnd = random(seed + n);
    for (const kind of MUTATION_KINDS) {
      for (let i = 0; i < perKind; i++) {
        const outcome = runOne(project, kind, paths, files, session, validate, targets, rnd);
        if (outcome) outcomes.push(outcome);
      }
    }
  });
  return outcomes;
}

function runOne(
  project: string,
  kind: MutationKind,
  paths: readonly string[],
  files: Record<string, string>,
  session: RootSession,
  validate: ValidateFunction,
  targets: Targets,
  rnd: () => number,
): Outcome | undefined {
  for (let attempt = 0; attempt < 8; attempt++) {
    const file = paths[Math.floor(rnd() * paths.length)]!;
    const original = files[file]!;
    const mutant = mutate(file, original, kind, targets, rnd);
    if (!mutant || mutant.text === original) continue;
    files[file] = mutant.text;
    try {
      const result = session.check([file]);
      const errors = result.findings.filter((f) => f.severity === 'error');
      const document = !validate(directoryToMetadata(result).metadata);
      return { project, mutant, ours: errors.length > 0, document, codes: [...new Set(errors.map((f) => f.code))].sort() };
    } finally {
      files[file] = original;
      session.check([file]);
    }
  }
  return undefined;
}

export interface Row {
  both: number;
  onlyDocument: number;
  onlyUs: number;
  neither: number;
}

/** The confusion table per mutation kind (and in all). */
export function confusion(outcomes: readonly Outcome[]): Map<string, Row> {
  const table = new Map<string, Row>();
  for (const key of [...MUTATION_KINDS, 'all']) table.set(key, { both: 0, onlyDocument: 0, onlyUs: 0, neither: 0 });
  for (const o of outcomes) {
    for (const key of [o.mutant.kind, 'all']) {
      const row = table.get(key)!;
      if (o.ours && o.document) row.both++;
      else if (o.document) row.onlyDocument++;
      else if (o.ours) row.onlyUs++;
      else row.neither++;
    }
  }
  return table;
}

export function formatTable(table: Map<string, Row>): string {
  const lines = ['| kind | both flag | only the document | only us | both silent |', '|---|---|---|---|---|'];
  for (const [kind, r] of table) lines.push(`| ${kind} | ${r.both} | ${r.onlyDocument} | ${r.onlyUs} | ${r.neither} |`);
  return lines.join('\n');
}

/** A kind of disagreement where the document cannot see what the engine (or its CLI) rejects. */
export interface Explanation {
  readonly id: string;
  readonly why: string;
  matches(o: Outcome): boolean;
}

const onlyUs = (o: Outcome): boolean => o.ours && !o.document;
const ruleCode = (code: string): boolean => !code.startsWith('schema-') && !code.startsWith('yaml-');

/** Documented in docs/rules.md ("Agreement with the engine's own schema"), each with the engine source. */
export const OUTSIDE_THE_DOCUMENT: readonly Explanation[] = [
  {
    id: 'version-file',
    why: "version.yaml is the CLI's own file (cli/internal/metadataobject/version): the CLI refuses a project without `version: 3` before any metadata is sent",
    matches: (o) => onlyUs(o) && o.mutant.file.endsWith('/version.yaml'),
  },
  {
    id: 'cross-file',
    why: 'a cross-file rule (a relationship to an untracked table, an undeclared data connector, a custom type missing from actions.graphql...): the engine reports it while building its schema cache (an inconsistency, so the apply fails); a schema cannot express it',
    matches: (o) => onlyUs(o) && o.codes.every(ruleCode),
  },
  {
    id: 'actions-yaml-cli',
    why: 'actions.yaml is read by the CLI into its own types (cli/internal/metadataobject/actions/types) before it builds the actions from actions.graphql: a wrong shape there stops the CLI, and the JSON the document sees is built from actions.graphql',
    matches: (o) => onlyUs(o) && o.mutant.file.endsWith('/actions.yaml') && (o.mutant.at === 'actions' || o.mutant.at.startsWith('custom_types')),
  },
];

/** The explanation of a disagreement, if it has one. */
export function explain(o: Outcome): Explanation | undefined {
  return o.ours === o.document ? undefined : OUTSIDE_THE_DOCUMENT.find((e) => e.matches(o));
}
