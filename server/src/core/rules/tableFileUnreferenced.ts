import { basename, dirname, join } from '../util/paths';
import { finding } from './rule';
import type { Rule } from './rule';

/** A table or function file that no tables.yaml/functions.yaml includes: the CLI ignores it. */
export const tableFileUnreferenced: Rule = {
  codes: ['table-file-unreferenced'],
  reads: ['unreferenced'],
  check: ({ project }) =>
    [...project.files.values()]
      .filter((f) => f.unreferenced)
      .map((f) => {
        const list = join(dirname(f.path), `${basename(dirname(f.path))}.yaml`);
        return finding(
          'table-file-unreferenced',
          'hint',
          `No ${basename(list)} includes this file, so the engine CLI ignores it.`,
          { file: f.path, span: { start: 0, end: 0 } },
          {
            data: { list, entry: basename(f.path) },
          },
        );
      }),
};
