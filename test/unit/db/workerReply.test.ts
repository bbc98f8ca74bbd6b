import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DatabaseModel, RelationModel } from '../../../server/src/core/db/model';
import { migrationFile } from '../../../server/src/core/db/migrations';
import { jobOf, PacedReply, RELATIONS_PER_MESSAGE, ReplyAssembly, replyMessages, wireJob } from '../../../server/src/node/db/protocol';
import type { WireJob, WorkerReply } from '../../../server/src/node/db/protocol';

function relation(i: number): RelationModel {
  return {
    schema: 'public',
    name: `t${i}`,
    kind: 'table',
    columns: [{ name: 'id', type: 'integer', nullable: false, hasDefault: true }] as unknown as RelationModel['columns'],
    primaryKey: ['id'],
    uniques: [],
    foreignKeys: [],
  };
}

function done(relations: number): WorkerReply {
  const model = {
    source: 'default',
    origin: 'migrations',
    schemas: ['public'],
    relations: Object.fromEntries(Array.from({ length: relations }, (_, i) => [`public.t${i}`, relation(i)])),
    functions: {},
    enums: {},
  } as unknown as DatabaseModel;
  return {
    type: 'done',
    result: { model, findings: [], applied: 1, total: 1, status: 'from migrations: 1/1 applied' },
    stats: { createMs: 1, applyMs: 2, cpuMs: 3, peakRssKb: 4, fromSavedDataDir: true },
  };
}

/** The messages through the parent's assembly: the replies it answers, in order. */
function assembled(messages: readonly WorkerReply[]): WorkerReply[] {
  const assembly = new ReplyAssembly();
  return messages.flatMap((m) => assembly.reply(m) ?? []);
}

describe("the database child's reply in parts (node/db/protocol.ts)", () => {
  test('a model of 250 relations goes as 3 parts of at most 100, then the rest; the parent gets the same reply back', () => {
    const reply = done(250);
    const messages = replyMessages(reply);
    assert.equal(RELATIONS_PER_MESSAGE, 100);
    assert.deepEqual(
      messages.map((m) => (m.type === 'relations' ? `relations ${m.entries[0]![0]}..${m.entries.at(-1)![0]} (${m.entries.length})` : m.type)),
      ['relations public.t0..public.t99 (100)', 'relations public.t100..public.t199 (100)', 'relations public.t200..public.t249 (50)', 'done'],
    );
    const last = messages.at(-1)!;
    assert.deepEqual(last.type === 'done' ? last.result.model.relations : undefined, {}, 'the last message carries no relation');
    assert.deepEqual(assembled(messages), [reply]);
  });

  test('a model with no relation, and an error, are one message each and pass through', () => {
    const empty = done(0);
    assert.deepEqual(replyMessages(empty), [empty]);
    assert.deepEqual(assembled(replyMessages(empty)), [empty]);
    const error: WorkerReply = { type: 'error', message: 'the database process got a request it does not know' };
    assert.deepEqual(replyMessages(error), [error]);
    assert.deepEqual(assembled([error]), [error]);
  });

  test('the child sends one message at a time: the first at once, each next one when the parent asks, the last flagged', () => {
    const messages = replyMessages(done(250));
    const sent: string[] = [];
    const paced = new PacedReply(messages, (m, last) => sent.push(`${m.type}${m.type === 'relations' ? ` ${m.entries[0]![0]}` : ''}${last ? ' (last)' : ''}`));
    assert.equal(paced.next(), true);
    assert.deepEqual(sent, ['relations public.t0']);
    assert.equal(paced.next(), true);
    assert.equal(paced.next(), true);
    assert.equal(paced.next(), true);
    assert.deepEqual(sent, ['relations public.t0', 'relations public.t100', 'relations public.t200', 'done (last)']);
    assert.equal(paced.next(), false, 'a next after the last sends nothing');
    assert.equal(sent.length, 4);
  });

  test('paced through the assembly: the parent asks once per part, and gets the reply the child built', () => {
    const reply = done(250);
    const assembly = new ReplyAssembly();
    const answers: WorkerReply[] = [];
    let asked = 0;
    // The parent's side as embedded.ts runs it: a part kept means asking for the next.
    const parent = (m: WorkerReply): void => {
      const whole = assembly.reply(m);
      if (whole !== undefined) answers.push(whole);
      else {
        asked++;
        paced.next();
      }
    };
    const paced = new PacedReply(replyMessages(reply), parent);
    paced.next();
    assert.equal(asked, 3);
    assert.deepEqual(answers, [reply]);
    const relations = answers[0]?.type === 'done' ? answers[0].result.model.relations : {};
    assert.deepEqual(Object.keys(relations).slice(0, 3), ['public.t0', 'public.t1', 'public.t2'], 'in the order the child listed them');
  });
});

describe('the job sent to the database child', () => {
  test("carries each file's text, not its statements (splitting them is the child's work, off the server's thread); the child splits the same statements", () => {
    const text = 'CREATE TABLE a (id int);\nCREATE TABLE b (id int);\n';
    let splits = 0;
    const file = migrationFile({ file: '/m/default/1_init/up.sql', name: 'default/1_init/up.sql', phase: 'migrations', text });
    const counted = {
      ...file,
      get statements() {
        splits++;
        return file.statements;
      },
    };
    const wire = wireJob({ source: 'default', files: [counted] });
    const sent = JSON.parse(JSON.stringify({ type: 'apply', job: wire })) as { job: WireJob };
    assert.equal(splits, 0, 'nothing split on the sending side');
    assert.deepEqual(sent.job, { source: 'default', files: [{ file: '/m/default/1_init/up.sql', name: 'default/1_init/up.sql', phase: 'migrations', text }] });
    assert.deepEqual(
      jobOf(sent.job).files[0]!.statements.map((s) => s.sql),
      ['CREATE TABLE a (id int)', 'CREATE TABLE b (id int)'],
    );
  });
});

describe('the job sent to the database child', () => {
  test("a large file's text is not in it: the child reads it from disk (its size and time are what the parent knows)", () => {
    const files = [
      { file: '/p/migrations/1_a/up.sql', name: '1_a/up.sql', phase: 'migrations' as const, text: 'CREATE TABLE a (id int);' },
      { file: '/p/migrations/2_b/up.sql', name: '2_b/up.sql', phase: 'migrations' as const, text: '', large: { size: 5_000_000, modified: 1 } },
    ].map(migrationFile);
    assert.deepEqual(wireJob({ source: 'default', files }).files, [
      { file: '/p/migrations/1_a/up.sql', name: '1_a/up.sql', phase: 'migrations', text: 'CREATE TABLE a (id int);' },
      { file: '/p/migrations/2_b/up.sql', name: '2_b/up.sql', phase: 'migrations', text: '', large: { size: 5_000_000, modified: 1 } },
    ]);
  });
});
