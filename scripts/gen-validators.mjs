// Generates the ajv validators of schemas/*.json as code (ajv standalone), so the CLI and the
// language server do not compile schemas at start-up. Options must match AJV_OPTIONS in
// server/src/core/schema/validator.ts. Returns CommonJS source exporting one function per file kind.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const standaloneCode = require('ajv/dist/standalone').default;

export function generateValidators(dir = 'schemas') {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { source: true } });
  const idOf = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json')) {
    const schema = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    ajv.addSchema(schema);
    idOf[file] = schema.$id;
  }
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
  return standaloneCode(ajv, Object.fromEntries(Object.entries(index).map(([kind, file]) => [kind, idOf[file]])));
}
