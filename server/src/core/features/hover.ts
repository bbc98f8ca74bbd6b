import type { Span } from '../diagnostics';
import { spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import { dbHover, dbRefAt } from './database';
import { instanceLookup } from './instance';
import { locate, schemaPlace } from './locate';
import { operationHover } from './operations';
import type { OperationOptions } from './operations';
import type { SchemaIndex } from './schemaIndex';
import { includeSummary, symbolSummary } from './summaries';
import type { FeatureInput } from './types';

export interface HoverResult {
  readonly span: Span;
  readonly markdown: string;
}

/**
 * Hover: on an include, what the included file holds; on a name, what it stands for (a column,
 * table or function: what the database says of it); on a key or value, the schema's description;
 * inside a collection's query, the GraphQL under the cursor (features/operations.ts).
 */
export function hover(input: FeatureInput, schemas?: SchemaIndex, operations: OperationOptions = {}): HoverResult | undefined {
  const inOperation = operationHover(input, operations);
  if (inOperation) return inOperation;
  const { include, occurrence, at } = locate(input);
  if (include) return { span: include.span, markdown: includeSummary(input.result, include) };
  const parts: string[] = [];
  const ref = dbRefAt(input);
  const db = ref && dbHover(input.result, ref);
  if (db) parts.push(db);
  if (occurrence) parts.push(symbolSummary(input.result, occurrence.symbol, input.file));
  const place = at && at.on !== 'none' ? schemaPlace(input.result, input.file) : undefined;
  const description = place && schemas ? schemas.description(place.kind, [...place.prefix, ...at!.path], instanceLookup(input.result, place)) : undefined;
  if (description) parts.push(description);
  if (parts.length === 0) return undefined;
  const span = occurrence?.loc.span ?? (db ? ref.loc.span : undefined) ?? (at?.on === 'key' && at.pair ? spanOf(at.pair.key as YNode) : spanOf(at?.node));
  return { span, markdown: parts.join('\n\n---\n\n') };
}
