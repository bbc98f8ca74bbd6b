import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { DATABASE_MODES } from '../../../server/src/core/db/connection';

interface Manifest {
  contributes: {
    configuration: {
      properties: Record<string, { type: string; enum?: string[]; default: unknown; markdownDescription: string; additionalProperties?: { pattern: string } }>;
    };
  };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
}

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as Manifest;

test('graphqlMetadata.database.mode and .url: declared as the CLI reads them, restricted in untrusted workspaces', () => {
  const props = manifest.contributes.configuration.properties;
  const mode = props['graphqlMetadata.database.mode']!;
  assert.deepEqual([mode.type, mode.enum, mode.default], ['string', [...DATABASE_MODES], 'auto']);
  const url = props['graphqlMetadata.database.url']!;
  assert.deepEqual([url.type, url.default, url.additionalProperties?.pattern], ['object', {}, '^postgres(ql)?://']);
  assert.match(url.markdownDescription, /\*\*A password written here is stored in plain text\*\*/);
  assert.match(url.markdownDescription, /from_env/);
  const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
  assert.deepEqual(
    restricted.filter((k) => k.startsWith('graphqlMetadata.database.')),
    ['graphqlMetadata.database.mode', 'graphqlMetadata.database.url'],
  );
});
