import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { CORRECTIONS } from './corrections';
import type { JsonSchema } from './corrections';

/**
 * The engine's own schema of the metadata (`metadata.openapi.json` at the root of hasura/graphql-engine,
 * generated from its codecs), corrected where it contradicts the engine's parser (./corrections.ts),
 * converted from OpenAPI 3.0 components to a draft-07 schema that ajv compiles.
 * See test/fixtures/engine-schema/README.md for which copy, from which commit, and where it is looked for.
 */

/** sha256 of the document at hasura/graphql-engine@212be2677e6017732df9a29d4211567a825959e1. */
export const PINNED_SHA256 = 'c79439b111bcd80fe9f70da76d74028c335e400c820ffbb50adbc53c87d071c7';

const REPO = path.resolve(__dirname, '../../../..');

/** Where the document is looked for, in order. */
export const DOCUMENT_PLACES: readonly string[] = [
  ...(process.env.ENGINE_METADATA_OPENAPI ? [process.env.ENGINE_METADATA_OPENAPI] : []),
  path.resolve(REPO, '../shared/engine-schema/metadata.openapi.json'),
  path.join(REPO, 'test/fixtures/engine-schema/metadata.openapi.json'),
];

/** The pinned document's text, or why it is not here. */
export function findDocument(): { text: string; file: string } | { missing: string } {
  for (const file of DOCUMENT_PLACES) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const sha = createHash('sha256').update(text).digest('hex');
    if (sha !== PINNED_SHA256) return { missing: `${file} is not the pinned document (sha256 ${sha}, expected ${PINNED_SHA256})` };
    return { text, file };
  }
  return { missing: `metadata.openapi.json not found (looked in ${DOCUMENT_PLACES.join(', ')}); see test/fixtures/engine-schema/README.md` };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** OpenAPI 3.0 -> draft-07: `#/components/schemas/X` -> `#/definitions/X`, `nullable: true` -> also null. */
export function toDraft07(node: Json): Json {
  if (Array.isArray(node)) return node.map(toDraft07);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable') continue;
    out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', '#/definitions/') : toDraft07(value);
  }
  return node.nullable === true ? { anyOf: [{ type: 'null' }, out] } : out;
}

export interface EngineSchema {
  /** Validates one whole metadata document (MetadataV3). */
  readonly validate: ValidateFunction;
  /** The corrected components, by name. */
  readonly definitions: Readonly<Record<string, JsonSchema>>;
}

/** The corrected, converted document, compiled; `corrected: false` gives the document as published. */
export function engineSchema(text: string, corrected = true): EngineSchema {
  const doc = JSON.parse(text) as { components: { schemas: Record<string, JsonSchema> } };
  const definitions = doc.components.schemas;
  if (corrected) for (const correction of CORRECTIONS) correction.apply(definitions);
  const draft = toDraft07({ $id: 'engine-metadata', definitions: definitions as unknown as Json, $ref: '#/definitions/MetadataV3' }) as object;
  const ajv = new Ajv({ allErrors: false, strict: false, validateFormats: false });
  return { validate: ajv.compile(draft), definitions };
}
