import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkCron } from '../../../server/src/core/rules/cronSchedule';
import { templateProblems } from '../../../server/src/core/rules/envTemplates';
import { assertMarked } from '../helpers/project';

describe('remote-schema-url', () => {
  test('both url and url_from_env: on the second key', () => {
    assertMarked('remote-schema-url', { 'remote_schemas.yaml': '- name: r\n  definition:\n    url: http://r\n    ⟦url_from_env⟧: R_URL\n' });
  });
  test('neither: on the name', () => {
    assertMarked('remote-schema-url', { 'remote_schemas.yaml': '- name: ⟦r⟧\n  definition:\n    timeout_seconds: 60\n' });
  });
  test('duplicate names', () => {
    assertMarked('remote-schema-duplicate', {
      'remote_schemas.yaml': '- name: r\n  definition: {url: http://a}\n- name: ⟦r⟧\n  definition: {url: http://b}\n',
    });
  });
  test('one of them is fine', () => {
    assertMarked('remote-schema-url', { 'remote_schemas.yaml': '- name: r\n  definition:\n    url_from_env: R_URL\n' });
  });
});

describe('cron-schedule-invalid', () => {
  const trigger = (schedule: string): Record<string, string> => ({
    'cron_triggers.yaml': `- name: nightly\n  webhook: "{{WEBHOOK}}/nightly"\n  schedule: ${schedule}\n  include_in_metadata: true\n  payload: {}\n`,
  });
  test('an out-of-range field is underlined inside the quotes', () => {
    assertMarked('cron-schedule-invalid', trigger('"0 ⟦25⟧ * * *"'));
  });
  test('a wrong number of fields underlines the whole schedule', () => {
    assertMarked('cron-schedule-invalid', trigger('⟦0 0 * *⟧'));
  });
  test('valid schedules', () => {
    assertMarked('cron-schedule-invalid', trigger("'*/5 0-6,22 1 1-12/2 0'"));
  });
  test('field checks', () => {
    assert.equal(checkCron('*/15 * * * *'), undefined);
    assert.equal(checkCron('@daily'), undefined);
    assert.deepEqual(checkCron('0 0 0 * *'), { message: 'day of month 0 is out of range 1-31.', start: 4, end: 5 });
    assert.deepEqual(checkCron('0 0 * 13-2 *'), { message: 'month 13 is out of range 1-12.', start: 6, end: 10 });
    assert.deepEqual(checkCron('5-1 * * * *'), { message: 'The minute range 5-1 is backwards.', start: 0, end: 3 });
    assert.deepEqual(checkCron('*/0 * * * *'), { message: 'A step of 0 in the minute field never fires.', start: 0, end: 3 });
    assert.match(checkCron('MON * * * *')!.message, /not a valid minute/);
  });
  test('duplicate trigger names', () => {
    assertMarked('cron-trigger-duplicate', {
      'cron_triggers.yaml':
        '- name: a\n  webhook: http://x\n  schedule: "* * * * *"\n  include_in_metadata: true\n- name: ⟦a⟧\n  webhook: http://x\n  schedule: "* * * * *"\n  include_in_metadata: true\n',
    });
  });
});

describe('env-template-invalid', () => {
  test('an unclosed template in an action handler and an empty one in a remote schema url', () => {
    assertMarked('env-template-invalid', {
      'actions.yaml': "actions:\n  - name: a\n    definition:\n      kind: synchronous\n      handler: '⟦{{ACTION_BASE/login⟧'\ncustom_types: {}\n",
      'remote_schemas.yaml': '- name: r\n  definition:\n    url: "⟦{{}}⟧/graphql"\n',
    });
  });
  test('well-formed templates are fine', () => {
    assertMarked('env-template-invalid', {
      'actions.yaml': "actions:\n  - name: a\n    definition:\n      handler: '{{ ACTION_BASE_URL }}/login'\ncustom_types: {}\n",
    });
    assert.deepEqual(templateProblems('{{A}}/{{B_2}}'), []);
    assert.equal(templateProblems('{{a-b}}')[0]?.message, '`a-b` is not an environment variable name.');
  });
});
