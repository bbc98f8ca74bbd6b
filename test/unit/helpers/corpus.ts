import * as fs from 'node:fs';
import * as path from 'node:path';
import { toCorePath } from '../../../common/paths';

/** ../shared/corpus beside the repository (out/test/unit/helpers -> repository root -> ..). */
export const CORPUS = path.resolve(__dirname, '../../../../../shared/corpus');

/** Every file of a corpus project's metadata folder, keyed by core path. */
export function corpusProject(project: string): { root: string; files: Record<string, string> } {
  const root = path.join(CORPUS, project, 'metadata');
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[toCorePath(full)] = fs.readFileSync(full, 'utf8');
    }
  };
  walk(root);
  return { root: toCorePath(root), files };
}
