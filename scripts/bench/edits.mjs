// The one-line edits of the latency benchmarks. Each edit toggles a line between its original and
// a variant (a fresh one each time, so every edit is a real change):
// - table: a permission column (`- status` <-> `- status_v7`), diagnostics unchanged;
// - table-typo: `permission:` <-> `permisson:`, schema errors appear in and leave the table file;
// - collections: the name of the last query in query_collections.yaml (the allow list's input);
// - collections-rest: the name of a query a REST endpoint uses, so rest_endpoints.yaml gets an error;
// - query-field: a field selected inside the first query (`id` <-> `idx`), validated against the
//   generated schemas: an operation finding appears in and leaves query_collections.yaml (with a
//   database model only: not in EDIT_KINDS).

const KINDS = {
  table: { file: 'table', pattern: /^\s+- status$/, variant: (line, k) => `${line}_v${k}` },
  'table-typo': { file: 'table', pattern: /^\s+permission:$/, variant: (line) => line.replace('permission:', 'permisson:'), watch: 'table' },
  collections: { file: 'query_collections.yaml', pattern: /^\s+- name: \S+$/, last: true, variant: (line, k) => `${line}_v${k}` },
  'query-field': {
    file: 'query_collections.yaml',
    pattern: /^\s+id$/,
    variant: (line, k) => `${line}x${k}`,
    watch: 'query_collections.yaml',
    needsModel: true,
  },
  'collections-rest': { file: 'query_collections.yaml', pattern: null, variant: (line, k) => `${line}_v${k}`, watch: 'rest_endpoints.yaml' },
};

/** The kinds every project can run; `query-field` needs a database model (its schema: operations.mjs runs it). */
export const EDIT_KINDS = Object.keys(KINDS).filter((kind) => !KINDS[kind].needsModel);

/**
 * The edit of `kind` in a project: { kind, rel, watch?, line, original, variant(k) } where `rel`
 * is the edited file and `watch` the file whose diagnostics the edit changes (if any).
 * `read(rel)` reads a file of the metadata root.
 */
export function editPlan(kind, tableRel, read) {
  const spec = KINDS[kind];
  const rel = spec.file === 'table' ? tableRel : spec.file;
  const lines = read(rel).split('\n');
  const pattern = spec.pattern ?? restQueryLine(read);
  const indexes = lines.flatMap((l, i) => (pattern.test(l) ? [i] : []));
  const line = spec.last ? indexes[indexes.length - 1] : indexes[0];
  if (line === undefined) throw new Error(`no line to edit for ${kind} in ${rel}`);
  const original = lines[line];
  const watch = spec.watch === 'table' ? tableRel : spec.watch;
  return { kind, rel, ...(watch ? { watch } : {}), line, original, variant: (k) => (k % 2 === 0 ? original : spec.variant(original, k)) };
}

/** The `- name:` line of the first query a REST endpoint uses. */
function restQueryLine(read) {
  const match = /query_name: (\S+)/.exec(read('rest_endpoints.yaml'));
  if (!match) throw new Error('rest_endpoints.yaml uses no query');
  return new RegExp(`^\\s+- name: ${match[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** `text` with line `line` replaced. */
export function withLine(text, line, content) {
  const lines = text.split('\n');
  lines[line] = content;
  return lines.join('\n');
}
