import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { parseDocument } from 'yaml';
import { checkRoot } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { CUSTOM_TYPE_ORDER } from '../../../server/src/core/sync/actionsBuild';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { emitYaml } from '../../../server/src/core/sync/emitYaml';
import { DEFAULT_FILES, metadataToFiles } from '../../../server/src/core/sync/files';
import type { JsonValue } from '../../../server/src/core/sync/json';
import { readSdlDefinitions } from '../../../server/src/core/sync/sdlRead';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { memoryHost } from '../helpers/memoryHost';

/**
 * Round trip over the 26 real projects of ../shared/corpus: directory -> JSON -> files.
 * - JSON -> files -> JSON is the identity, and writing the same JSON twice gives the same bytes;
 * - every written file equals the original, byte for byte, or after the normalization that the real
 *   CLI applies too (docs/sync.md, "Round trip over the corpus");
 * - files the round trip does not write are orphans (no include reaches them; the CLI ignores them);
 * - files it writes that the project lacks are the empty defaults newer CLIs write.
 */

const CORPUS = path.resolve(__dirname, '../../../../../shared/corpus');
const DEFAULT_NAMES = new Set(DEFAULT_FILES.map(([, file]) => file));
const totals = { files: 0, exact: 0, normalized: 0, added: 0, orphans: 0 };

/** The data of a YAML file, with `!include x` tags read as the CLI's `"!include x"` strings. */
function yamlData(text: string): JsonValue {
  return (parseDocument(text, { customTags: [{ tag: '!include', resolve: (v: string) => `!include ${v}` }] }).toJS() ?? null) as JsonValue;
}

/** Formatting only: indentation, quoting, flow style, comments, blank lines (the CLI rewrites them all). */
function sameYamlData(original: string, written: string): boolean {
  return emitYaml(yamlData(original)) === written;
}

/** actions.graphql: the same actions (in order) and the same types per kind (in order), whatever the layout. */
function sdlShape(text: string): unknown {
  const defs = readSdlDefinitions(text);
  assert.ok(defs, 'actions.graphql parses');
  const value = (v: { name: string; type: string; description: string | null }): string => `${v.description ?? ''}|${v.name}:${v.type}`;
  return {
    actions: defs.actions.map((a) => `${a.operation} ${a.name}(${a.arguments.map(value).join(',')}): ${a.outputType}`),
    types: CUSTOM_TYPE_ORDER.map((kind) => defs.types.filter((t) => t.kind === kind).map((t) => `${t.name}{${t.fields.map(value).join(',')}}`)),
  };
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * actions.yaml as the CLI rewrites it: actions in actions.graphql order, without arguments,
 * output_type and type, `kind`/`handler` always there, `forward_client_headers: false`, `timeout: 0`
 * and empty comments dropped.
 */
function actionsShape(text: string, order: readonly string[]): unknown {
  const byName = new Map(asList(asObj(yamlData(text)).actions).map((a) => [String(asObj(a).name), asObj(a)]));
  return order.map((name) => {
    const a = byName.get(name) ?? {};
    const def = { ...asObj(a.definition) };
    for (const key of ['arguments', 'output_type', 'type']) delete def[key];
    if (def.forward_client_headers !== true) delete def.forward_client_headers;
    if (def.timeout === 0 || def.timeout === null) delete def.timeout;
    const out: Obj = { name, definition: { kind: '', handler: '', ...def } };
    if (a.permissions !== undefined) out.permissions = a.permissions;
    if (a.comment !== undefined && a.comment !== null && a.comment !== '') out.comment = a.comment;
    return out;
  });
}

/**
 * Custom types as the CLI rewrites them: every type of actions.graphql, in its order (a type only
 * there gets an entry), each keeping its description and relationships from actions.yaml; enum
 * values come from actions.graphql, so they are compared by name when actions.yaml had them.
 */
function assertCustomTypes(written: string, original: string): void {
  const mine = asObj(asObj(yamlData(written)).custom_types);
  const theirs = asObj(asObj(yamlData(original)).custom_types);
  for (const kind of CUSTOM_TYPE_ORDER) {
    const before = new Map(asList(theirs[kind]).map((t) => [String(asObj(t).name), asObj(t)]));
    const after = asList(mine[kind]).map(asObj);
    for (const name of before.keys())
      assert.ok(
        after.some((t) => t.name === name),
        `custom type ${name} kept`,
      );
    for (const t of after) {
      const old = before.get(String(t.name)) ?? {};
      assert.deepEqual([t.description, t.relationships], [old.description ?? undefined, old.relationships ?? undefined], String(t.name));
      if (old.values !== undefined)
        assert.deepEqual(
          asList(t.values).map((v) => asObj(v).value),
          asList(old.values).map((v) => asObj(v).value),
        );
    }
  }
}

describe('round trip over ../shared/corpus: directory -> JSON -> directory', () => {
  const projects = fs.readdirSync(CORPUS).filter((p) => fs.statSync(path.join(CORPUS, p)).isDirectory());
  test('the corpus is there', () => assert.equal(projects.length, 26));

  for (const project of projects) {
    test(project, () => {
      const dir = path.join(CORPUS, project, 'metadata');
      const root = toCorePath(dir);
      const result = checkRoot(root, { host: createNodeHost(), cache: new ParseCache() });
      const built = directoryToMetadata(result);
      const files = metadataToFiles(built.metadata);

      const written = Object.fromEntries([...files].map(([rel, text]) => [`${root}/${rel}`, text]));
      const again = directoryToMetadata(checkRoot(root, { host: memoryHost(written), cache: new ParseCache() }));
      assert.equal(JSON.stringify(again.metadata, null, 1), JSON.stringify(built.metadata, null, 1), 'JSON -> files -> JSON');
      assert.deepEqual(metadataToFiles(again.metadata), files, 'an export of unchanged metadata changes no file');

      const actionOrder = readSdlDefinitions(files.get('actions.graphql')!)!.actions.map((a) => a.name);
      for (const [rel, text] of files) {
        totals.files++;
        const file = path.join(dir, rel);
        if (!fs.existsSync(file)) {
          assert.ok(DEFAULT_NAMES.has(rel), `${rel} was written but is neither in the project nor an empty default`);
          assert.ok(text === '[]\n' || text === '{}\n', rel);
          totals.added++;
          continue;
        }
        const original = fs.readFileSync(file, 'utf8');
        if (original === text) {
          totals.exact++;
          continue;
        }
        totals.normalized++;
        if (rel === 'actions.graphql') assert.deepEqual(sdlShape(text), sdlShape(original), rel);
        else if (rel === 'actions.yaml') {
          assert.deepEqual(actionsShape(text, actionOrder), actionsShape(original, actionOrder), rel);
          assertCustomTypes(text, original);
        } else assert.ok(sameYamlData(original, text), `${rel} differs in more than formatting`);
      }
      for (const file of result.project.files.values()) {
        const rel = path.posix.relative(root, file.path);
        if (files.has(rel)) continue;
        assert.ok(file.unreferenced, `${rel} is in the project but was not written`);
        totals.orphans++;
      }
    });
  }

  after(() => {
    // The numbers docs/sync.md quotes; a change here means the CLI fidelity changed.
    assert.deepEqual(totals, { files: 1424, exact: 1220, normalized: 161, added: 43, orphans: 52 });
  });
});
