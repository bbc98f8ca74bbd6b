import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ErrorObject } from 'ajv';
import { pickBranchErrors } from '../../../server/src/core/schema/branches';

const err = (instancePath: string, keyword: string, params: Record<string, unknown> = {}): ErrorObject => ({
  instancePath,
  keyword,
  params,
  schemaPath: `#/${keyword}`,
});
const brief = (errors: ErrorObject[]): unknown[] => errors.map((e) => [e.instancePath, e.keyword, (e.params as { type?: unknown }).type ?? '']);

test('an anyOf around a oneOf that both failed on the value itself is one error listing every type', () => {
  const fk = '/object_relationships/2/using/foreign_key_constraint_on';
  const errors = [
    err(fk, 'type', { type: 'string' }),
    err(fk, 'type', { type: 'array' }),
    err(fk, 'oneOf'),
    err(fk, 'type', { type: 'object' }),
    err(fk, 'anyOf'),
    err('/array_relationships/0', 'type', { type: 'object' }),
  ];
  assert.deepEqual(brief(pickBranchErrors(errors)), [
    [fk, 'type', ['string', 'array', 'object']],
    ['/array_relationships/0', 'type', 'object'],
  ]);
});

test('the branch that got deepest wins, and a composite is not reported beside it', () => {
  const errors = [
    err('/table', 'type', { type: 'string' }),
    err('/table/name', 'type', { type: 'string' }),
    err('/table', 'type', { type: 'array' }),
    err('/table', 'anyOf'),
  ];
  assert.deepEqual(brief(pickBranchErrors(errors)), [['/table/name', 'type', 'string']]);
});

test('10,000 failing entries, each with its own composite, keep their own branches', () => {
  const errors = Array.from({ length: 10_000 }, (_, i) => [
    err(`/${i}`, 'type', { type: 'string' }),
    err(`/${i}/name`, 'required', { missingProperty: 'name' }),
    err(`/${i}`, 'anyOf'),
  ]).flat();
  const picked = pickBranchErrors(errors);
  assert.equal(picked.length, 10_000);
  assert.deepEqual(brief(picked.slice(0, 2)), [
    ['/0/name', 'required', ''],
    ['/1/name', 'required', ''],
  ]);
});
