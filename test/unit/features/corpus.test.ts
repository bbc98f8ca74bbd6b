import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import { quickFixes } from '../../../server/src/core/features/codeActions';
import { complete } from '../../../server/src/core/features/completion';
import { definition } from '../../../server/src/core/features/definition';
import { documentLinks } from '../../../server/src/core/features/documentLinks';
import { applyChange } from '../helpers/applyChange';
import { hover } from '../../../server/src/core/features/hover';
import { symbolId } from '../../../server/src/core/features/occurrence';
import type { Occurrence } from '../../../server/src/core/features/occurrence';
import { occurrencesOf } from '../../../server/src/core/features/occurrences';
import { references } from '../../../server/src/core/features/references';
import { prepareRename, rename } from '../../../server/src/core/features/rename';
import { SchemaIndex } from '../../../server/src/core/features/schemaIndex';
import { documentSymbols } from '../../../server/src/core/features/symbols';
import { ParseCache } from '../../../server/src/core/project/cache';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { memoryHost } from '../helpers/memoryHost';
import { schemaValidator } from '../helpers/project';

/** /work/shared/corpus beside the repository (from out/test/unit/features/). */
const CORPUS = path.resolve(__dirname, '../../../../../shared/corpus');
const ROOT = '/corpus/metadata';
const schemas = new SchemaIndex(loadSchemaSet());
const PROBES_PER_FILE = 20;
const RENAMES_PER_KIND = 3;

function readProject(project: string): Map<string, string> {
  const base = path.join(CORPUS, project, 'metadata');
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(`${ROOT}/${path.relative(base, full).split(path.sep).join('/')}`, fs.readFileSync(full, 'utf8'));
    }
  };
  walk(base);
  return files;
}

function check(files: ReadonlyMap<string, string>): RootResult {
  return checkRoot(ROOT, { host: memoryHost(Object.fromEntries(files)), cache: new ParseCache(), validator: schemaValidator() });
}

const codes = (r: RootResult): string =>
  r.findings
    .map((f) => f.code)
    .sort()
    .join(' ');

/** A few symbols of each kind that a rename may take. */
function renamable(result: RootResult): Occurrence[] {
  const picked = new Map<string, Occurrence>();
  const perKind = new Map<string, number>();
  for (const o of occurrencesOf(result).all) {
    const n = perKind.get(o.symbol.kind) ?? 0;
    if (
      o.symbol.kind === 'table' ||
      o.graphql ||
      !o.definition ||
      picked.has(o.id) ||
      n >= RENAMES_PER_KIND ||
      prepareRename({ result, file: o.loc.file, offset: o.loc.span.start }) === undefined
    )
      continue;
    picked.set(o.id, o);
    perKind.set(o.symbol.kind, n + 1);
  }
  return [...picked.values()];
}

describe('editor features on the real projects of ../shared/corpus', () => {
  const projects = fs.readdirSync(CORPUS).filter((p) => fs.existsSync(path.join(CORPUS, p, 'metadata', 'version.yaml')));

  test('the corpus is there', () => assert.equal(projects.length, 26));

  for (const project of projects) {
    test(`${project}: no feature throws anywhere; renames change exactly their symbol and add no finding`, () => {
      const files = readProject(project);
      const result = check(files);
      for (const file of result.project.files.values()) {
        documentSymbols(result, file.path);
        documentLinks(result, file.path);
        const step = Math.max(1, Math.floor(file.text.length / PROBES_PER_FILE));
        for (let offset = 0; offset <= file.text.length; offset += step) {
          const input = { result, file: file.path, offset };
          hover(input, schemas);
          complete(input, { schemas });
          definition(input);
          references(input, true);
        }
      }
      for (const finding of result.findings) quickFixes({ finding, result, schemas });
      for (const o of renamable(result)) {
        const out = rename({ result, file: o.loc.file, offset: o.loc.span.start }, 'zz_renamed');
        assert.ok(out && 'change' in out, `${o.id}: ${JSON.stringify(out)}`);
        const after = check(applyChange(files, out.change));
        assert.equal(codes(after), codes(result), `renaming ${o.id.split('\u0000').join(' ')}`);
        const renamedId = symbolId({ ...o.symbol, name: 'zz_renamed' } as Occurrence['symbol']);
        assert.equal(occurrencesOf(after).byId(o.id).length, 0);
        assert.equal(occurrencesOf(after).byId(renamedId).length, occurrencesOf(result).byId(o.id).length);
      }
    });
  }
});
