import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import type { Span } from '../../../server/src/core/diagnostics';
import { ParseCache } from '../../../server/src/core/project/cache';
import { unmark } from './marked';
import { memoryHost } from './memoryHost';
import { schemaValidator } from './project';

/** test/fixtures/yaml-mistakes: base/ (a small clean project) and cases/<name>/ (files laid over it, `⟦ ⟧` marking where the finding must be). */
export const MISTAKES = path.resolve(__dirname, '../../../../test/fixtures/yaml-mistakes');
export const MISTAKES_ROOT = '/p/metadata';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The files of a fixture folder, by path under MISTAKES_ROOT (the folder's `metadata/` is the root). */
function readTree(dir: string): Map<string, string> {
  const root = path.join(dir, 'metadata');
  return new Map(filesUnder(root).map((file) => [`${MISTAKES_ROOT}/${path.relative(root, file).split(path.sep).join('/')}`, fs.readFileSync(file, 'utf8')]));
}

export interface MistakeCase {
  readonly name: string;
  /** The project: base with the case's files over it, markers removed. */
  readonly files: Record<string, string>;
  /** The marked spans, per file of the case. */
  readonly spans: Record<string, Span[]>;
}

export function mistakeCaseNames(): string[] {
  return fs.readdirSync(path.join(MISTAKES, 'cases')).sort();
}

export function mistakeCase(name: string): MistakeCase {
  const files = baseFiles();
  const spans: Record<string, Span[]> = {};
  for (const [file, marked] of readTree(path.join(MISTAKES, 'cases', name))) {
    const { text, spans: s } = unmark(marked);
    files[file] = text;
    if (s.length > 0) spans[file] = s;
  }
  return { name, files, spans };
}

/** The base project's files alone. */
export function baseFiles(): Record<string, string> {
  return Object.fromEntries(readTree(path.join(MISTAKES, 'base')));
}

/** The whole check (schemas and rules) of a project's files. */
export function checkFiles(files: Record<string, string>): RootResult {
  return checkRoot(MISTAKES_ROOT, { host: memoryHost(files), cache: new ParseCache(), validator: schemaValidator() });
}
