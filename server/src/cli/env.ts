/** What the CLI runs against (the real process, or a test's), and how it fails. */
import type { FetchLike } from '../../../common/api/fetch';
import type { CheckServices, FileSystemHost, SchemaSet, SourceBuild, SourceFact } from '../core';
import type { DatabaseSettings } from '../node/db/plan';
import type { TreeFs } from './writeTree';

export interface CliEnv {
  readonly argv: readonly string[];
  readonly cwd: string;
  /** Colours on unless a flag says otherwise (a terminal without NO_COLOR, or FORCE_COLOR: args.ts colorByDefault). */
  readonly colorByDefault: boolean;
  readonly host: FileSystemHost;
  readonly schemas: () => SchemaSet;
  readonly version: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** For export, apply and diff (Node's global fetch in the real CLI). */
  readonly fetch?: FetchLike;
  /** The environment (the admin secret is read from it). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** File operations of export and of check's --output-file; tests inject failures. Defaults to node:fs. */
  readonly tree?: TreeFs;
  /** Builds the database models of a root's sources (the real CLI: node/db). Absent: no models. */
  readonly databases?: DatabaseBuilder;
  /**
   * Parses a folder's files in worker threads before it is checked (the real CLI: node/parallel):
   * gives the services to check it with, or a message when the jobs setting is wrong. Absent: the
   * main thread parses.
   */
  readonly parallel?: ParallelLoader;
  /** docs/rules.md (SARIF's rule descriptions); defaults to the package's copy. */
  readonly ruleDocs?: () => string;
}

export type ParallelLoader = (dir: string, services: CheckServices, jobs: number | undefined) => Promise<CheckServices | string>;

export type DatabaseBuilder = (root: string, sources: readonly SourceFact[], settings: DatabaseSettings) => Promise<SourceBuild[]>;

/** Says something on stderr, one `graphql-metadata: ` line per message. */
export function say(env: CliEnv, message: string | readonly string[]): void {
  env.stderr((typeof message === 'string' ? [message] : message).map((m) => `graphql-metadata: ${m}\n`).join(''));
}

/** Says why on stderr and returns the exit code. */
export function fail(env: CliEnv, message: string | readonly string[], code: number): number {
  say(env, message);
  return code;
}
