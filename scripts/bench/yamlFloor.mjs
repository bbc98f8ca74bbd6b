// The floor: a process that only reads every YAML file of a metadata folder and parses it with the
// `yaml` package (as a Document with the options the checker uses, or only the CST Parser, or only
// the Lexer). Prints { files, bytes, readMs, parseMs, problems } as JSON.
// Usage: node scripts/bench/yamlFloor.mjs ROOT document|parser|lexer

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Lexer, parseDocument, Parser } from 'yaml';

const [root, mode = 'document'] = process.argv.slice(2);

/** The checker's options (server/src/core/parse/yamlFile.ts). */
const OPTIONS = { customTags: [{ tag: '!include', resolve: (value) => value }], prettyErrors: false, uniqueKeys: true, strict: true };

function yamlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(e.name) ? [full] : [];
  });
}

const PARSERS = {
  document: (text) => {
    const doc = parseDocument(text, OPTIONS);
    return doc.errors.length;
  },
  parser: (text) => {
    let tokens = 0;
    for (const _ of new Parser().parse(text)) tokens++;
    return tokens > 0 ? 0 : 1;
  },
  lexer: (text) => {
    let tokens = 0;
    for (const _ of new Lexer().lex(text)) tokens++;
    return tokens > 0 ? 0 : 1;
  },
};

const parse = PARSERS[mode];
if (!root || !parse) {
  process.stderr.write('usage: yamlFloor.mjs ROOT document|parser|lexer\n');
  process.exit(2);
}
const t0 = performance.now();
const texts = yamlFiles(root).map((f) => readFileSync(f, 'utf8'));
const t1 = performance.now();
let problems = 0;
for (const text of texts) problems += parse(text);
const t2 = performance.now();
const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
process.stdout.write(`${JSON.stringify({ files: texts.length, bytes, readMs: t1 - t0, parseMs: t2 - t1, problems })}\n`);
