// Generates the ajv validators of schemas/*.json as code (ajv standalone), so the CLI and the
// language server do not compile schemas at start-up. Options must match AJV_OPTIONS in
// server/src/core/schema/validator.ts. Returns CommonJS source exporting one function per file kind,
// plus SCHEMA_HASH: the hash of the schema files it was made from (server/src/node/schemas.ts uses the
// validators only when the schemas it reads still have that hash, so stale validators are never used).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const standaloneCode = require('ajv/dist/standalone').default;

/** Must stay the same computation as schemaHash() in server/src/node/schemas.ts. */
function schemaHash(dir) {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) hash.update(`${file}\0`).update(readFileSync(path.join(dir, file))).update('\0');
  return hash.digest('hex');
}

export function generateValidators(dir = 'schemas') {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { source: true } });
  const idOf = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json')) {
    const schema = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    ajv.addSchema(schema);
    idOf[file] = schema.$id;
  }
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
  const code = standaloneCode(ajv, Object.fromEntries(Object.entries(index).map(([kind, file]) => [kind, idOf[file]])));
  return `${code}\nexports.SCHEMA_HASH = ${JSON.stringify(schemaHash(dir))};\n`;
}
