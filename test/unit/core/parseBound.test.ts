import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { Lexer, Parser } from 'yaml';
import { MAX_NESTING, MAX_TOKENS, withinLimits } from '../../../server/src/core/parse/bounded';
import { CORPUS } from '../helpers/corpus';

/** The deepest the yaml parser's stack gets on `text`, and how many tokens the lexer makes. */
function measured(text: string): { depth: number; tokens: number } {
  const parser = new Parser();
  let depth = 0;
  let tokens = 0;
  for (const lexeme of new Lexer().lex(text)) {
    tokens++;
    for (const _ of parser.next(lexeme)) void _;
    depth = Math.max(depth, parser.stack.length - 1);
  }
  return { depth, tokens };
}

const NESTINGS: Record<string, (d: number) => string> = {
  'block maps by indentation': (d) => Array.from({ length: d }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' v\n',
  'block sequences by indentation': (d) => Array.from({ length: d }, (_, i) => `${' '.repeat(i)}-`).join('\n') + ' v\n',
  'compact sequences on one line': (d) => `${'- '.repeat(d)}v\n`,
  'explicit keys on one line': (d) => `${'? '.repeat(d)}v\n`,
  'flow sequences': (d) => `${'['.repeat(d)}v${']'.repeat(d)}\n`,
  'flow maps across lines': (d) => `${Array.from({ length: d }, () => '{a:').join('\n')}v${'}'.repeat(d)}\n`,
  mixed: (d) => `${'- [{a: '.repeat(d)}v\n`,
  'colons on one line': (d) => `${'a: '.repeat(d)}v\n`,
};

test('when withinLimits says a text is safe, the parser really stays under the nesting and token limits', () => {
  let safe = 0;
  for (const [name, make] of Object.entries(NESTINGS)) {
    for (let d = 1; d <= 300; d += 7) {
      const text = make(d);
      if (!withinLimits(text)) continue;
      safe++;
      const { depth, tokens } = measured(text);
      assert.ok(depth <= MAX_NESTING && tokens <= MAX_TOKENS, `${name}, ${d} levels: depth ${depth}, ${tokens} tokens`);
    }
  }
  assert.ok(safe > 40, `${safe} safe texts`);
  assert.equal(withinLimits('a: 1\n'.repeat(MAX_TOKENS / 8)), false, 'long texts take the watched parse');
  assert.equal(withinLimits(`${'['.repeat(200)}${']'.repeat(200)}`), false);
});

test('every YAML file of the corpus is parsed without the token-by-token watch', () => {
  const files: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.ya?ml$/.test(entry.name)) files.push(full);
    }
  };
  visit(CORPUS);
  const watched = files.filter((f) => !withinLimits(fs.readFileSync(f, 'utf8')));
  assert.ok(files.length > 1300);
  assert.deepEqual(watched, []);
});
