import type { Finding } from '../diagnostics';
import type { IncludeRef } from '../parse/include';
import type { YamlFile } from '../parse/yamlFile';
import type { FileKind } from './kinds';

export interface IncludeSite {
  readonly file: string;
  readonly ref: IncludeRef;
}

export interface ProjectFile {
  readonly path: string;
  readonly kind: FileKind;
  /** Parsed YAML, for .yaml/.yml files. */
  readonly yaml?: YamlFile;
  /** Raw text, for other files (actions.graphql, non-YAML include targets). */
  readonly text: string;
  /** Where this file is included from (empty for top-level and unreferenced files). */
  readonly includedBy: IncludeSite[];
  /** A table or function file under databases/ that no include reaches (the CLI ignores it). */
  readonly unreferenced: boolean;
}

/** One metadata root (a folder whose version.yaml says `version: 3`) and every file it reaches. */
export interface Project {
  readonly root: string;
  readonly files: ReadonlyMap<string, ProjectFile>;
  /** Findings of loading: include problems, unreadable files. */
  readonly findings: readonly Finding[];
  /** The file an include resolved to, when it did. */
  readonly includeTargets: ReadonlyMap<IncludeRef, ProjectFile>;
  /** Paths of the table and function files no include reaches (kept while the project's shape is). */
  readonly unreferenced: readonly string[];
}
