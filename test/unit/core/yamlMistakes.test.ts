import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareFindings } from '../../../server/src/core/diagnostics';
import type { Finding, Severity } from '../../../server/src/core/diagnostics';
import { ParseCache } from '../../../server/src/core/project/cache';
import { parseYamlFile } from '../../../server/src/core/parse/yamlFile';
import { RootSession } from '../../../server/src/core/session';
import { unmark } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { schemaValidator } from '../helpers/project';
import { baseFiles, checkFiles, mistakeCase, mistakeCaseNames, MISTAKES_ROOT } from '../helpers/yamlMistakes';

/** [code, message, related ([file, start, end, message]), where (for a finding no marker shows: [file, start, end]), severity (default error)]. */
type Want = [code: string, message: string, related?: [string, number, number, string][], at?: [string, number, number], severity?: Severity];

/**
 * Every case of test/fixtures/yaml-mistakes/cases and every finding its whole check makes (schemas
 * and rules included): the marked ones, at the marked spans, and nothing else, in that file or any other.
 */
const EXPECTED: Record<string, Want[]> = Object.fromEntries<Want[]>([
  [
    'bad-escape-in-double-quotes',
    [
      [
        'yaml-syntax',
        '`\\d` is not an escape sequence, and inside double quotes `\\` always starts one. Write `\\\\d` for a backslash, or use single quotes, where `\\` is an ordinary character.',
      ],
    ],
  ],
  [
    'block-scalar-not-indented',
    [['yaml-syntax', 'The text of the block `query: |` (line 5) must be indented more than `query`: indent this line and the ones after it 2 spaces further.']],
  ],
  [
    'colon-and-space-in-plain-value',
    [
      [
        'yaml-syntax',
        'This value holds `: `, which starts a second key on the same line. Quote the value (`comment: "creates an article: title only"`), or put each key on its own line.',
      ],
    ],
  ],
  [
    'document-end-marker-in-middle',
    [['yaml-syntax', '`...` ends the YAML document here, but a metadata file holds one document: nothing after this line is read. Remove the line.']],
  ],
  [
    'document-separator-in-middle',
    [['yaml-syntax', '`---` starts a second YAML document here, but a metadata file holds one document: nothing after this line is read. Remove the line.']],
  ],
  [
    'duplicate-key',
    [
      [
        'yaml-duplicate-key',
        '`select_permissions` is already a key of this mapping (line 8). YAML allows a key once, and the engine CLI would keep only one of them: merge the two, or remove or rename one.',
        [['databases/default/tables/public_article.yaml', 133, 151, 'The first `select_permissions`']],
      ],
    ],
  ],
  [
    'duplicate-key-in-list-item',
    [
      [
        'yaml-duplicate-key',
        '`schedule` is already a key of this mapping (line 3). YAML allows a key once, and the engine CLI would keep only one of them: merge the two, or remove or rename one.',
        [['cron_triggers.yaml', 67, 75, 'The first `schedule`']],
      ],
    ],
  ],
  ['extra-closing-bracket', [['yaml-syntax', 'This `]` has no `[` to close. Remove it: YAML stops reading the file here.']]],
  [
    'first-key-indented-one-long',
    [
      [
        'yaml-syntax',
        '`columns` is indented 7 spaces, but `filter` after it in the same mapping (line 19) is indented 6: keys of one mapping must line up. Remove 1 space.',
      ],
    ],
  ],
  [
    'flow-mapping-continued-without-indent',
    [['yaml-syntax', 'This line continues the `{` opened on line 12, so it must be indented more than `filter`: indent it, or join it to line 12.']],
  ],
  [
    'include-path-typo',
    [
      ['include-not-found', 'The included file databases/default/tables/tabels.yaml does not exist. Did you mean `default/tables/tables.yaml`?'],
      [
        'table-file-unreferenced',
        'No tables.yaml includes this file, so the engine CLI ignores it.',
        undefined,
        ['databases/default/tables/public_article.yaml', 0, 0],
        'hint',
      ],
      [
        'table-file-unreferenced',
        'No tables.yaml includes this file, so the engine CLI ignores it.',
        undefined,
        ['databases/default/tables/public_author.yaml', 0, 0],
        'hint',
      ],
    ],
  ],
  [
    'key-indented-one-long',
    [
      [
        'yaml-syntax',
        '`schema` is indented 3 spaces, but `name` on line 2 is indented 2, so YAML reads `schema` as more of the value of `name`. Keys of one mapping must line up: remove 1 space.',
      ],
    ],
  ],
  [
    'key-indented-one-short',
    [
      [
        'yaml-syntax',
        '`schema` is indented 1 space, but `name` before it in the same mapping (line 2) is indented 2: keys of one mapping must line up. Add 1 space.',
      ],
    ],
  ],
  [
    'later-key-indented-one-short',
    [
      [
        'yaml-syntax',
        '`filter` is indented 5 spaces, but `columns` before it in the same mapping (line 16) is indented 6: keys of one mapping must line up. Add 1 space.',
      ],
    ],
  ],
  [
    'list-item-missing-dash',
    [
      [
        'yaml-syntax',
        '`role` lines up with the list items above (`- role: user` on line 14) but has no `-`: write `- role: editor` to start a new item, or indent it to line up with the keys inside that item.',
      ],
    ],
  ],
  [
    'list-item-one-short',
    [
      [
        'yaml-syntax',
        'This list item is indented 1 space, but the item before it (`- role: user` on line 14) is indented 2: items of one list must line up. Add 1 space.',
      ],
    ],
  ],
  ['missing-colon-before-block', [['yaml-syntax', '`table` has no colon, so the lines below it cannot be its value: write `table:`.']]],
  [
    'missing-colon-before-list',
    [['yaml-syntax', '`select_permissions` has no colon, so the lines below it cannot be its value: write `select_permissions:`.']],
  ],
  ['missing-colon-between-key-and-value', [['yaml-syntax', '`name author` has no colon between the key and its value: write `name: author`.']]],
  ['missing-space-after-colon', [['yaml-syntax', '`name:author` needs a space after the colon: write `name: author`.']]],
  ['missing-space-after-colon-last-key', [['yaml-syntax', '`payload:{}` needs a space after the colon: write `payload: {}`.']]],
  [
    'nested-list-item-one-short',
    [
      [
        'yaml-syntax',
        'This list item is indented 7 spaces, but the item before it (`- id` on line 17) is indented 8: items of one list must line up. Add 1 space.',
      ],
    ],
  ],
  ['reserved-character-at-start', [['yaml-syntax', 'A value cannot start with `@` unless it is quoted: write `collection: "@allowed-queries"`.']]],
  ['stray-closing-bracket', [['yaml-syntax', 'This `]` has no `[` to close. Remove it: YAML stops reading the file here.']]],
  [
    'stray-dash-before-key',
    [
      [
        'yaml-syntax',
        'This `-` starts a list item among the keys of a mapping (`name` on line 2 is at the same indent). Remove the `-` to make `schema` a key.',
      ],
    ],
  ],
  ['stray-dash-line', [['yaml-syntax', 'This `-` starts a list item among the keys of a mapping (`table` on line 1 is at the same indent). Remove it.']]],
  ['tab-indentation', [['yaml-syntax', 'This line is indented with a tab, and YAML allows only spaces for indentation. Replace the tab with spaces.']]],
  ['tab-indentation-in-list', [['yaml-syntax', 'This line is indented with a tab, and YAML allows only spaces for indentation. Replace the tab with spaces.']]],
  [
    'text-after-closing-quote',
    [['yaml-syntax', '`(the writers)` follows a value that is already complete: put it inside the quotes (`"author (the writers)"`) or remove it.']],
  ],
  [
    'two-keys-on-one-line',
    [
      [
        'yaml-syntax',
        'This value holds `: `, which starts a second key on the same line. Quote the value (`name: "author schema: public"`), or put each key on its own line.',
      ],
    ],
  ],
  [
    'unclosed-double-quote',
    [
      [
        'yaml-syntax',
        'This double quote is never closed, so YAML reads the lines after line 2 as part of the value. Close it where the value ends: `"author"`.',
      ],
    ],
  ],
  ['unclosed-flow-mapping', [['yaml-syntax', 'This `{` is never closed: end the mapping with `}`, as in `filter: {author_id: {_eq: X-Hasura-User-Id}}`.']]],
  ['unclosed-flow-sequence', [['yaml-syntax', 'This `[` is never closed: end the list with `]`, as in `columns: [id, title, author_id]`.']]],
  [
    'unclosed-quote-in-url',
    [
      [
        'yaml-syntax',
        'This double quote is never closed, so YAML reads the lines after line 5 as part of the value. Close it where the value ends: `"{{ACTION_BASE_URL}}/create-article"`.',
      ],
    ],
  ],
  [
    'unclosed-single-quote',
    [
      [
        'yaml-syntax',
        "This single quote is never closed, so YAML reads the lines after line 3 as part of the value. Close it where the value ends: `'public'`.",
      ],
    ],
  ],
  [
    'undefined-alias',
    [
      [
        'yaml-syntax',
        '`*own_articles` names no anchor: this file has no `&own_articles` before it. Define the anchor on the value to repeat, or write the value here.',
      ],
    ],
  ],
  [
    'unquoted-env-template',
    [['yaml-syntax', '`{{CLEANUP_WEBHOOK_URL}}` must be quoted: unquoted, `{` starts a YAML mapping, not text. Write `webhook: "{{CLEANUP_WEBHOOK_URL}}"`.']],
  ],
  [
    'unquoted-env-template-with-path',
    [
      [
        'yaml-syntax',
        '`{{ACTION_BASE_URL}}/create-article` must be quoted: unquoted, `{` starts a YAML mapping, not text. Write `handler: "{{ACTION_BASE_URL}}/create-article"`.',
      ],
    ],
  ],
]);

const rel = (file: string): string => file.slice(MISTAKES_ROOT.length + 1);
const shown = (f: Finding): unknown => ({
  code: f.code,
  severity: f.severity,
  file: rel(f.file),
  span: f.span,
  message: f.message,
  related: f.related?.map((r) => [rel(r.file), r.span.start, r.span.end, r.message]),
});

function expectedFindings(name: string): Finding[] {
  const marks = Object.entries(mistakeCase(name).spans).flatMap(([file, spans]) => spans.map((span) => ({ file, span })));
  const found = (EXPECTED[name] ?? []).map(([code, message, related, at, severity = 'error']): Finding => {
    const where = at ? { file: `${MISTAKES_ROOT}/${at[0]}`, span: { start: at[1], end: at[2] } } : marks.shift();
    assert.ok(where, `${name}: more expected findings than markers`);
    return {
      code,
      severity,
      message,
      file: where.file,
      span: where.span,
      ...(related ? { related: related.map(([file, start, end, m]) => ({ file: `${MISTAKES_ROOT}/${file}`, span: { start, end }, message: m })) } : {}),
    };
  });
  assert.deepEqual(marks, [], `${name}: a marker without an expected finding`);
  return found.sort(compareFindings);
}

describe('YAML mistakes explained as a person would (test/fixtures/yaml-mistakes)', () => {
  test('at least 25 cases, each with its expectation; the base project alone is clean', () => {
    assert.ok(mistakeCaseNames().length >= 25);
    assert.deepEqual(mistakeCaseNames(), Object.keys(EXPECTED).sort());
    assert.deepEqual(checkFiles(baseFiles()).findings, []);
  });

  for (const name of mistakeCaseNames()) {
    test(`${name}: exactly the marked findings in a whole check, nothing in other files`, () => {
      assert.deepEqual(checkFiles(mistakeCase(name).files).findings.map(shown), expectedFindings(name).map(shown));
    });
  }

  test('a session that breaks a file and mends it: each result equals a check from scratch, and the rules that paused report again', () => {
    const files = baseFiles();
    // Findings of rules that read the tables, so that pausing them shows.
    const article = `${MISTAKES_ROOT}/databases/default/tables/public_article.yaml`;
    files[article] = files[article]!.replace(
      'schema: public\nobject',
      'schema: public\narray_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: {column: id, table: {name: ghost, schema: public}}\nobject',
    );
    const before = checkFiles(files).findings.map(shown);
    assert.deepEqual(
      before.map((f) => (f as { code: string }).code),
      ['relationship-name-duplicate', 'relationship-deprecated-column', 'relationship-target-untracked'],
    );
    const session = new RootSession(MISTAKES_ROOT, { host: memoryHost(files), cache: new ParseCache(), validator: schemaValidator() });
    session.check();
    for (const name of mistakeCaseNames()) {
      const c = mistakeCase(name);
      const changed = Object.keys(c.spans);
      const saved = changed.map((file) => files[file]);
      changed.forEach((file) => (files[file] = c.files[file]!));
      assert.deepEqual(session.check(changed).findings.map(shown), checkFiles(files).findings.map(shown), `${name}: broken`);
      changed.forEach((file, i) => (files[file] = saved[i]!));
      assert.deepEqual(session.check(changed).findings.map(shown), before, `${name}: mended`);
    }
  });
});

describe('what a file with YAML errors pauses', () => {
  const AUTHOR = `${MISTAKES_ROOT}/databases/default/tables/public_author.yaml`;
  const ARTICLE = `${MISTAKES_ROOT}/databases/default/tables/public_article.yaml`;

  test("a broken table file: no finding in another file from what yaml made of it (author's relationship to `article` would be untracked)", () => {
    const files = baseFiles();
    files[ARTICLE] = files[ARTICLE]!.replace('  name: article\n', '  name: "article\n');
    assert.deepEqual(
      checkFiles(files).findings.map((f) => [f.code, rel(f.file), f.message]),
      [
        [
          'yaml-syntax',
          'databases/default/tables/public_article.yaml',
          'This double quote is never closed, so YAML reads the lines after line 2 as part of the value. Close it where the value ends: `"article"`.',
        ],
      ],
    );
  });

  test('only the rules reading what the broken file feeds: a broken allow_list.yaml leaves the table rules running', () => {
    const files = baseFiles();
    files[`${MISTAKES_ROOT}/allow_list.yaml`] = '- collection: "allowed-queries\n';
    files[AUTHOR] = files[AUTHOR]!.replace('          name: article\n', '          name: articles\n');
    assert.deepEqual(
      checkFiles(files).findings.map((f) => [f.code, rel(f.file)]),
      [
        ['yaml-syntax', 'allow_list.yaml'],
        ['relationship-target-untracked', 'databases/default/tables/public_author.yaml'],
      ],
    );
  });

  test('a fragment with YAML errors: the file that inlines it gets no schema finding from it', () => {
    const files = baseFiles();
    files[`${MISTAKES_ROOT}/perms.yaml`] = '"- role: user\n  permission: {columns: [id], filter: {}}\n';
    files[AUTHOR] = files[AUTHOR]!.replace(/select_permissions:[^]*$/, 'select_permissions: !include ../../../perms.yaml\n');
    assert.deepEqual(
      checkFiles(files).findings.map((f) => [f.code, rel(f.file), f.message]),
      [
        [
          'yaml-syntax',
          'perms.yaml',
          'This double quote is never closed, so YAML reads the lines after line 1 as part of the value. Close it where the value ends: `"- role: user"`.',
        ],
      ],
    );
  });
});

describe('YAML mistakes in files with CRLF line ends', () => {
  for (const name of mistakeCaseNames()) {
    test(`${name}: the same messages, over the same text`, () => {
      const c = mistakeCase(name);
      const lf = checkFiles(c.files).findings;
      const crlfFiles = Object.fromEntries(Object.entries(c.files).map(([file, text]) => [file, text.replace(/\n/g, '\r\n')]));
      const crlf = checkFiles(crlfFiles).findings;
      const text = (files: Record<string, string>, f: Finding): string => files[f.file]!.slice(f.span.start, f.span.end).replace(/\r\n/g, '\n');
      assert.deepEqual(
        crlf.map((f) => [f.code, f.message, text(crlfFiles, f)]),
        lf.map((f) => [f.code, f.message, text(c.files, f)]),
      );
    });
  }
});

describe('more YAML mistakes, one file at a time', () => {
  /** The syntax findings of a marked text: [marked text, message]. */
  const explained = (marked: string): [string, string][] => {
    const { text } = unmark(marked);
    return parseYamlFile('/f.yaml', text).syntax.map((f) => [text.slice(f.span.start, f.span.end), f.message]);
  };
  const marks = (marked: string): string[] => {
    const { text, spans } = unmark(marked);
    return spans.map((s) => text.slice(s.start, s.end));
  };
  const cases: [string, string, string[]][] = [
    [
      'a missing comma in a flow mapping',
      'a:\n  f: {x: ⟦1 y: 2⟧}\n',
      ['A comma is missing before `y`: the items of `{ }` are separated by commas, as in `1, y:`.'],
    ],
    [
      'a list item inside brackets',
      'a: [\n  ⟦- x⟧\n]\n',
      ['A `- ` list item cannot be inside `[ ]` or `{ }`: write the items as `[a, b]`, or drop the brackets and write one `- ` item per line.'],
    ],
    [
      'the first key of the file indented',
      '# roles\n ⟦a⟧: 1\nb: 2\n',
      ['`a` is indented 1 space, but it is the first key of the file, and `b` on line 3 is indented 0: keys of one mapping must line up. Remove 1 space.'],
    ],
    [
      'an unclosed bracket inside another: said once, with no wrong example',
      'a:\n  f: ⟦{x: [1, 2}⟧\n  g: 1\n',
      ['This `{` is never closed: end the mapping with `}`.'],
    ],
    [
      'a byte order mark before an indented key',
      '\ufeffa: 1\n  ⟦b⟧: 2\n',
      [
        '`b` is indented 2 spaces, but `a` on line 1 is indented 0, so YAML reads `b` as more of the value of `a`. Keys of one mapping must line up: remove 2 spaces.',
      ],
    ],
    [
      'a quote never closed inside brackets: no guess where it ends',
      'a: [⟦"x, y]⟧\nb: 1\n',
      ['This double quote is never closed, so YAML reads the lines after line 1 as part of the value. Close it with another " where the value ends.'],
    ],
    [
      'an empty double-quoted value never closed',
      'a: ⟦"⟧\nb: 1\n',
      ['This double quote is never closed, so YAML reads the lines after line 1 as part of the value. Close it with another " where the value ends.'],
    ],
  ];
  const EMPTY_AGAIN = (line: number): string =>
    `An empty key is already a key of this mapping (line ${line}). YAML allows a key once, and the engine CLI would keep only one of them: merge the two, or remove or rename one.`;
  // Fuzz seed 777123, cases 1446, 13678 and 16610: an empty key at the end of the file was underlined one past it.
  const emptyKeys: [string, string, [string, string][]][] = [
    [
      'an anchor alone at the end of the file',
      '&a : 1\n&b ',
      [
        ['&b', EMPTY_AGAIN(1)],
        ['', 'Implicit map keys need to be followed by map values'],
      ],
    ],
    ['a `?` alone at the end of the file', '? \n: 1\n? ', [['?', EMPTY_AGAIN(1)]]],
    ['an empty key with an anchor, twice', '&a : 1\n&c : 2\n', [['&c :', EMPTY_AGAIN(1)]]],
    [
      'empty keys in a flow mapping: only the word before each is looked at',
      'x: {&a : 1, &b : 2, : 3}\n',
      [
        ['&b :', EMPTY_AGAIN(1)],
        [':', EMPTY_AGAIN(1)],
      ],
    ],
    [
      'the table file of case 13678',
      'tabde:\n&x &x &b   \ufffdame: cou3ses_setup\n- *b\n &b ',
      [
        ['&x', 'A node can have at most one anchor'],
        ['&b', 'A node can have at most one anchor'],
        ['- *b', '`- *b` has no colon between the key and its value: write `-: *b`.'],
        ['&b', EMPTY_AGAIN(3)],
        ['', 'Implicit map keys need to be followed by map values'],
      ],
    ],
  ];
  for (const [what, text, want] of emptyKeys) {
    test(`an empty key written twice, inside the file: ${what}`, () => {
      const syntax = parseYamlFile('/f.yaml', text).syntax;
      assert.deepEqual(
        syntax.map((f) => [text.slice(f.span.start, f.span.end), f.message]),
        want,
      );
      for (const f of syntax) for (const span of [f.span, ...(f.related ?? []).map((r) => r.span)]) assert.ok(span.end <= text.length, JSON.stringify(span));
      const duplicate = syntax.find((f) => f.code === 'yaml-duplicate-key')!;
      assert.deepEqual(
        duplicate.related?.map((r) => r.message),
        ['The first empty key'],
      );
    });
  }
  for (const [what, marked, messages] of cases) {
    test(what, () => {
      assert.deepEqual(
        explained(marked),
        marks(marked).map((m, i) => [m, messages[i]]),
      );
    });
  }
});
