import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Parser } from 'yaml';
import type { CST } from 'yaml';
import { onlyBreaksAndSpaces, yamlAtIndentedComment } from '../../../server/src/core/parse/parserFix';
import { parseYamlFile } from '../../../server/src/core/parse/yamlFile';

const token = (type: string): CST.SourceToken => ({ type, offset: 0, indent: 0, source: '' }) as CST.SourceToken;
const yamlAnswer = (start: readonly CST.SourceToken[]): boolean => start.every((t) => t.type === 'newline' || t.type === 'space');

/** An item followed by `breaks` empty lines, then `comments` indented comment lines (fuzz seed 32000001, case 1753, at scale 1/20). */
const PATHOLOGICAL = (breaks: number, comments: number): string => `- "!include x.yaml"\n${'\n'.repeat(breaks)}${'   # # #\n'.repeat(comments)}`;

describe("yaml's parser: an item's start tokens looked at once (parse/parserFix.ts)", () => {
  test('the memo answers as yaml does, through appends and tails cut off, on 2,000 random steps', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const start: CST.SourceToken[] = [];
    for (let step = 0; step < 2000; step++) {
      const what = random(10);
      if (what < 6) start.push(token(random(8) === 0 ? 'comment' : random(2) === 0 ? 'newline' : 'space'));
      else if (what < 8) start.splice(random(start.length + 1));
      assert.equal(onlyBreaksAndSpaces(start), yamlAnswer(start), `step ${step}: ${start.map((t) => t.type[0]).join('')}`);
    }
  });

  test("each question costs the tokens pushed since the last: 10,000 line breaks, then 1,000 comments (yaml's own walk reads 10 million)", () => {
    let reads = 0;
    const counted = <T extends object>(array: T): T =>
      new Proxy(array, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const tokens: CST.SourceToken[] = Array.from({ length: 10_000 }, () => token('newline'));
    const start = counted(tokens);
    for (let i = 0; i < 1_000; i++) {
      onlyBreaksAndSpaces(start);
      start.push(token('comment'));
    }
    assert.ok(reads < 12_000, `${reads} reads`);
    const ours = reads;
    reads = 0;
    const again = counted([...tokens]);
    for (let i = 0; i < 1_000; i++) {
      yamlAnswer(again);
      again.push(token('newline'));
    }
    assert.ok(reads > 10_000_000, `${reads} reads`);
    assert.ok(ours * 800 < reads);
  });

  test("the parse is yaml's own: the same tokens and document with yaml's method", () => {
    const proto = Parser.prototype as unknown as { atIndentedComment: unknown };
    const texts = [PATHOLOGICAL(2_000, 1_000), 'a:\n  - 1\n\n\n   # c\n  - 2\nb:\n\n     # d\n  x: 1\n', '- a\n\n  # c\n- b\n    # d\n'];
    for (const text of texts) {
      const ours = [...new Parser().parse(text)];
      const fixed = proto.atIndentedComment;
      proto.atIndentedComment = yamlAtIndentedComment;
      let theirs: CST.Token[];
      try {
        theirs = [...new Parser().parse(text)];
      } finally {
        proto.atIndentedComment = fixed;
      }
      assert.deepEqual(ours, theirs);
    }
    assert.deepEqual(parseYamlFile('/f.yaml', PATHOLOGICAL(2_000, 1_000)).doc.toJS(), ['!include x.yaml']);
  });
});
