import type { JsonObject } from './schema-set';

/** Keywords whose values are data, not subschemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'examples', 'default', 'required', 'description', 'title']);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions'];
/** Pointer segments of subschemas that only constrain (branches, conditions). */
const BRANCH_SEGMENT = /\/(oneOf|anyOf|allOf|not|if|then|else)(\/|$)/;
/** Pointer segments of pure conditions: never shown on hover, so no description needed. */
const CONDITION_SEGMENT = /\/(if|not)(\/|$)/;

export interface SchemaProblem {
  pointer: string;
  problem: string;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasDescription(node: JsonObject): boolean {
  return typeof node.description === 'string' && node.description.trim().length > 0;
}

function checkNamedSchema(pointer: string, value: unknown, out: SchemaProblem[]): void {
  if (value === true) {
    if (!BRANCH_SEGMENT.test(pointer)) out.push({ pointer, problem: 'boolean schema outside a branch' });
    return;
  }
  if (CONDITION_SEGMENT.test(pointer)) return;
  if (!isObject(value) || !hasDescription(value)) out.push({ pointer, problem: 'no description' });
}

function checkAdditional(pointer: string, node: JsonObject, out: SchemaProblem[]): void {
  const extra = node.additionalProperties;
  if (!isObject(extra)) return;
  const onlyRef = Object.keys(extra).length === 1 && typeof extra.$ref === 'string';
  if (!onlyRef && !hasDescription(extra)) out.push({ pointer: `${pointer}/additionalProperties`, problem: 'no description' });
}

function visit(node: unknown, pointer: string, out: SchemaProblem[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => visit(item, `${pointer}/${i}`, out));
    return;
  }
  if (!isObject(node)) return;
  checkAdditional(pointer, node, out);
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (SCHEMA_MAPS.includes(key) && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) {
        checkNamedSchema(`${pointer}/${key}/${name}`, sub, out);
        visit(sub, `${pointer}/${key}/${name}`, out);
      }
    } else {
      visit(value, `${pointer}/${key}`, out);
    }
  }
}

/**
 * Every property, pattern property and definition must carry a description (hover shows it).
 * `true` is allowed only as a presence marker inside oneOf/anyOf/if/then/else branches; the
 * subschemas of `if`/`not` conditions are exempt from descriptions.
 */
export function undocumented(schema: unknown): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  visit(schema, '#', out);
  return out;
}
