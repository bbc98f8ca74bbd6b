import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addInheritedRole,
  bulk,
  dropInconsistentMetadata,
  dropInheritedRole,
  exportMetadata,
  exportMetadataV2,
  getInconsistentMetadata,
  pgDropSource,
  reloadMetadata,
  replaceMetadata,
  withResourceVersion,
} from '../../../common/api';

const wire = (value: unknown): string => JSON.stringify(value);

void describe('inherited roles in both dialects', () => {
  void test('spec dialect (default) uses "role"', () => {
    assert.equal(
      wire(addInheritedRole({ role: 'manager', role_set: ['user', 'editor'] })),
      '{"type":"add_inherited_role","args":{"role":"manager","role_set":["user","editor"]}}',
    );
    assert.equal(wire(dropInheritedRole({ role: 'manager' }, { dialect: 'spec' })), '{"type":"drop_inherited_role","args":{"role":"manager"}}');
  });

  void test('engine dialect uses "role_name"', () => {
    assert.equal(
      wire(addInheritedRole({ role: 'manager', role_set: ['user'] }, { dialect: 'engine' })),
      '{"type":"add_inherited_role","args":{"role_name":"manager","role_set":["user"]}}',
    );
    assert.equal(wire(dropInheritedRole({ role: 'manager' }, { dialect: 'engine' })), '{"type":"drop_inherited_role","args":{"role_name":"manager"}}');
  });
});

void describe('manage metadata', () => {
  void test('export_metadata v1 and v2', () => {
    assert.equal(wire(exportMetadata()), '{"type":"export_metadata","args":{}}');
    assert.equal(wire(exportMetadataV2()), '{"type":"export_metadata","version":2,"args":{}}');
  });

  void test('replace_metadata v2 with allow_inconsistent_metadata false by default', () => {
    const metadata = { version: 3, sources: [] };
    assert.equal(
      wire(replaceMetadata({ metadata })),
      '{"type":"replace_metadata","version":2,"args":{"allow_inconsistent_metadata":false,"metadata":{"version":3,"sources":[]}}}',
    );
  });

  void test('replace_metadata with resource_version and allow_inconsistent', () => {
    const body = replaceMetadata({ metadata: { version: 3, sources: [] }, allowInconsistent: true, resourceVersion: 7 });
    assert.equal(
      wire(body),
      '{"type":"replace_metadata","version":2,"resource_version":7,"args":{"allow_inconsistent_metadata":true,"metadata":{"version":3,"sources":[]}}}',
    );
    assert.deepEqual(body, {
      type: 'replace_metadata',
      version: 2,
      resource_version: 7,
      args: { allow_inconsistent_metadata: true, metadata: { version: 3, sources: [] } },
    });
  });

  void test('get_inconsistent_metadata, reload_metadata, drop_inconsistent_metadata', () => {
    assert.equal(wire(getInconsistentMetadata()), '{"type":"get_inconsistent_metadata","args":{}}');
    assert.equal(wire(reloadMetadata()), '{"type":"reload_metadata","args":{}}');
    assert.equal(
      wire(reloadMetadata({ reload_sources: ['default'], reload_remote_schemas: false })),
      '{"type":"reload_metadata","args":{"reload_sources":["default"],"reload_remote_schemas":false}}',
    );
    assert.equal(wire(dropInconsistentMetadata()), '{"type":"drop_inconsistent_metadata","args":{}}');
  });

  void test('withResourceVersion copies the request and leaves the original alone', () => {
    const original = pgDropSource({ name: 'pg1' });
    const pinned = withResourceVersion(original, 3);
    assert.equal(wire(pinned), '{"type":"pg_drop_source","resource_version":3,"args":{"name":"pg1","cascade":false}}');
    assert.equal(original.resource_version, undefined);
  });

  void test('bulk wraps the sub-requests in order', () => {
    assert.equal(
      wire(bulk([pgDropSource({ name: 'a' }), exportMetadataV2()])),
      '{"type":"bulk","args":[{"type":"pg_drop_source","args":{"name":"a","cascade":false}},{"type":"export_metadata","version":2,"args":{}}]}',
    );
  });
});
