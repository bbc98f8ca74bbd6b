import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';

/** The repository's schemas/ folder, seen from out/test/unit/schemas/. */
export const schemasDir = path.resolve(__dirname, '../../../../schemas');
export const idBase = 'https://graphql-engine-metadata.local/schemas/';

export type JsonObject = { [key: string]: unknown };

export function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(schemasDir, file), 'utf8')) as unknown;
}

/** Every schema file name (all *.json except the kind index). */
export function schemaFiles(): string[] {
  return fs
    .readdirSync(schemasDir)
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort();
}

/** The kind -> file map of schemas/index.json. */
export function kindIndex(): Record<string, string> {
  return readJson('index.json') as Record<string, string>;
}

/** A strict-mode ajv with every schema added; throws if a schema does not compile. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true });
  for (const file of schemaFiles()) ajv.addSchema(readJson(file) as JsonObject);
  return ajv;
}

export function compiled(ajv: Ajv, file: string): ValidateFunction {
  const validate = ajv.getSchema(idBase + file);
  if (validate === undefined) throw new Error(`no schema with $id ${idBase}${file}`);
  return validate;
}

/** Errors as sorted `instancePath:keyword` strings; [] when the value is valid. */
export function errorKeys(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath}:${e.keyword}`).sort();
}
