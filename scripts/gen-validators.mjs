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
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
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
  const code = linearErrors(standaloneCode(ajv, Object.fromEntries(Object.entries(index).map(([kind, file]) => [kind, idOf[file]]))));
  return `${code}\nexports.SCHEMA_HASH = ${JSON.stringify(schemaHash(dir))};\n`;
}

/**
 * ajv's code gathers a referenced schema's errors with `vErrors = vErrors.concat(ref.errors)`: a copy
 * of every error so far for each failing item, quadratic in a list of 40,000 failing entries (3 s).
 * The same errors, appended in place.
 */
function linearErrors(code) {
  const pattern = /vErrors = vErrors === null \? ([\w.]+)\.errors : vErrors\.concat\(\1\.errors\);/g;
  const linear = code.replace(pattern, (_, ref) => `if (vErrors === null) vErrors = ${ref}.errors; else for (const e of ${ref}.errors) vErrors.push(e);`);
  if (linear === code || linear.includes('vErrors.concat(')) throw new Error("gen-validators: ajv's error gathering changed; update linearErrors");
  return linear;
}
