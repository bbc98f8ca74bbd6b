import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseDotenv } from '../../../server/src/core/db/dotenv';

const parse = (text: string, env: Record<string, string> = {}): Record<string, string> => Object.fromEntries(parseDotenv(text, (n) => env[n]));

describe('.env files', () => {
  test('assignments, export prefix, comments, blank lines, spaces around =', () => {
    assert.deepEqual(parse('# db\n\nexport PG_URL=postgres://u:p@h/d\n  SPACED  =  value with spaces  \nEMPTY=\nnot an assignment\n'), {
      PG_URL: 'postgres://u:p@h/d',
      SPACED: 'value with spaces',
      EMPTY: '',
    });
  });

  test('inline comments after unquoted values need a space before #; a # inside a value stays', () => {
    assert.deepEqual(parse('A=abc # note\nB=pa#ss\nC=#start\n'), { A: 'abc', B: 'pa#ss', C: '' });
  });

  test('single quotes are literal, double quotes take escapes, backquotes are literal; text after the closing quote is ignored', () => {
    assert.deepEqual(parse(`S='a \\n $X # b' # c\nD="line1\\nline2 \\"q\\" \\\\ \\$X"\nB=\`x $X\`\n`, { X: 'ex' }), {
      S: 'a \\n $X # b',
      D: 'line1\nline2 "q" \\ $X',
      B: 'x $X',
    });
  });

  test('quoted values may span lines; CRLF line ends', () => {
    assert.deepEqual(parse('K="a\nb"\r\nNEXT=1\r\n'), { K: 'a\nb', NEXT: '1' });
  });

  test('${NAME} and $NAME expand from earlier keys, then the environment, else to nothing', () => {
    assert.deepEqual(parse('USER=app\nURL=postgres://${USER}:$PASS@${HOST}/db\nQ="${USER}-x"\n', { PASS: 'pw', USER: 'ignored' }), {
      USER: 'app',
      URL: 'postgres://app:pw@/db',
      Q: 'app-x',
    });
  });

  test('a later key wins; an unclosed quote keeps the rest of the line as written; a BOM is skipped', () => {
    assert.deepEqual(parse('\uFEFFA=1\nA=2\nU="open\n'), { A: '2', U: '"open' });
  });
});
