import type { Finding } from '../diagnostics';
import type { YamlFile } from '../parse/yamlFile';
import type { IndexMemo } from './index/memo';
import { readTableEntry } from './index/tables';
import { Walk } from './index/walk';
import type { FileKind } from './kinds';
import type { Project, ProjectFile } from './project';
import type { SchemaValidator } from '../schema/validator';
import { dirname } from '../util/paths';

/**
 * Per-file work done before a check (by a parallel load's threads, node/parallel, and by the
 * language server's start-up as it parses ahead), for files whose results depend on their own
 * text alone: table and function files (their kind is their place) without includes. The worker
 * threads and the main thread's own share schema-check them; the main thread also reads each table
 * file's index facts into the index memo as the file arrives. The check then finds both done
 * (the validator's primed findings, the memo's facts), and its serial part is that much shorter.
 */

const PLACE = /\/databases\/([^/]+)\/(tables|functions)\/([^/]+)\.ya?ml$/i;

/** The kind a file has by its place, when that cannot depend on what includes it. */
export function kindByPlace(path: string): FileKind | undefined {
  const match = PLACE.exec(path);
  if (!match || match[3] === match[2]) return undefined;
  return match[2] === 'tables' ? 'table' : 'function';
}

/**
 * The source a table file belongs to by its place (`databases/<source>/tables/`): a guess, right
 * when the folder is named as its source (as the engine CLI writes it). A wrong guess only means the
 * memo is not used: the index reads the file itself.
 */
function sourceByPlace(path: string): string | undefined {
  return PLACE.exec(path)?.[1];
}

/** A file without includes as a project of its own: everything checked of it depends on its text alone. */
function alone(yaml: YamlFile, text: string, kind: FileKind): { project: Project; file: ProjectFile } {
  const file: ProjectFile = { path: yaml.path, kind, yaml, text, includedBy: [], unreferenced: false };
  const project: Project = { root: dirname(yaml.path), files: new Map([[yaml.path, file]]), findings: [], includeTargets: new Map(), unreferenced: [] };
  return { project, file };
}

/** Whether `yaml` is a table or function file whose checks depend on its own text alone (its kind when so). */
export function aloneKind(yaml: YamlFile): FileKind | undefined {
  return yaml.includes.length === 0 && yaml.syntax.length === 0 ? kindByPlace(yaml.path) : undefined;
}

/** The schema findings of a file of `kind` without includes (what the check's validation finds for it). */
export function schemaAlone(validator: SchemaValidator, yaml: YamlFile, text: string, kind: FileKind): readonly Finding[] {
  const { project, file } = alone(yaml, text, kind);
  return validator.validate(project, file);
}

/** Reads a table file's index facts (for the source its place names) into `memo`, where the index finds them. */
export function rememberTableFacts(memo: IndexMemo, yaml: YamlFile, text: string): void {
  const source = sourceByPlace(yaml.path);
  if (source === undefined || aloneKind(yaml) !== 'table') return;
  const { project } = alone(yaml, text, 'table');
  readTableEntry(new Walk(project), { file: yaml.path, node: yaml.doc.contents }, source, memo);
}

/**
 * The per-file work done ahead of a check for a file parsed here: its schema findings primed in the
 * validator (when there is one) and its table facts in the memo (the check then finds both done).
 * Used by a parallel load's main-thread share and by the language server's start-up as it parses ahead.
 */
export function checkAhead(validator: SchemaValidator | undefined, memo: IndexMemo, yaml: YamlFile, text: string): void {
  const kind = validator && aloneKind(yaml);
  if (kind) validator.prime(yaml, kind, schemaAlone(validator, yaml, text, kind));
  rememberTableFacts(memo, yaml, text);
}
