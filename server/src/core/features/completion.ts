import type { Span } from '../diagnostics';
import type { FileSystemHost } from '../host';
import { dirname, join } from '../util/paths';
import { includePathCompletions } from './completionPaths';
import { databaseCompletions } from './completionDatabase';
import { semanticCompletions } from './completionSemantic';
import { cursorContext, ITEM } from './cursorContext';
import type { CursorContext } from './cursorContext';
import { instanceLookup } from './instance';
import type { InstanceLookup } from './instance';
import { schemaPlace } from './locate';
import { operationCompletion } from './operations';
import type { OperationOptions } from './operations';
import type { PathSegment } from './locate';
import type { SchemaIndex } from './schemaIndex';
import type { FeatureInput } from './types';

export type CompletionKind =
  | 'property'
  | 'value'
  | 'table'
  | 'role'
  | 'collection'
  | 'query'
  | 'file'
  | 'folder'
  | 'type'
  | 'action'
  | 'column'
  | 'function'
  // Inside a collection's GraphQL (features/operations.ts).
  | 'field'
  | 'variable'
  | 'enum';

export interface CompletionEntry {
  readonly label: string;
  readonly kind: CompletionKind;
  /** Replaces `span`. */
  readonly insertText: string;
  readonly span: Span;
  readonly detail?: string;
  readonly documentation?: string;
}

export interface CompletionServices {
  readonly schemas?: SchemaIndex;
  /** Lists folders for include paths (else the project's own files are offered). */
  readonly host?: FileSystemHost;
  /** The role whose schema completes inside a collection's query. */
  readonly operations?: OperationOptions;
}

/** What the completion of one position needs: where it is, in which file kind, and the project. */
export interface CompletionSite {
  readonly input: FeatureInput;
  readonly ctx: CursorContext;
  readonly kind: string;
  /** The path from the file kind's schema root (includes the prefix of an included fragment). */
  readonly path: PathSegment[];
  /** Reads the document, for schema `if`s. */
  readonly lookup: InstanceLookup;
}

/**
 * Completion in YAML files: keys and enum values from the schemas, and the names the project
 * defines where they belong (tables, collections, queries, roles, custom types, actions, include paths).
 */
export function complete(input: FeatureInput, services: CompletionServices = {}): CompletionEntry[] {
  const file = input.result.project.files.get(input.file);
  if (!file?.yaml) return [];
  const inOperation = operationCompletion(input, services.operations);
  if (inOperation) return inOperation;
  const ctx = cursorContext(file.text, input.offset);
  if (!ctx) return [];
  if (ctx.includeDir !== undefined) return includePathCompletions(input, join(dirname(input.file), ctx.includeDir), ctx.word, services.host);
  const place = schemaPlace(input.result, input.file);
  if (!place) return [];
  const site: CompletionSite = { input, ctx, kind: place.kind, path: [...place.prefix, ...ctx.path], lookup: instanceLookup(input.result, place) };
  return dedupe([...databaseCompletions(site), ...semanticCompletions(site), ...schemaCompletions(site, services.schemas)]);
}

function schemaCompletions({ ctx, kind, path, lookup }: CompletionSite, schemas: SchemaIndex | undefined): CompletionEntry[] {
  if (!schemas) return [];
  const values = (at: PathSegment[]): CompletionEntry[] =>
    schemas.values(kind, at, lookup).map((v) => ({
      label: String(v.value),
      kind: 'value',
      insertText: typeof v.value === 'string' ? valueText(v.value) : String(v.value),
      span: ctx.word,
      ...(v.description ? { documentation: v.description } : {}),
    }));
  if (ctx.position === 'value') return values([...path, ctx.key!]);
  if (ctx.position === 'item') return values([...path, ITEM]);
  const keys = schemas
    .properties(kind, path, lookup)
    .filter((p) => !ctx.siblings.has(p.name))
    .map((p): CompletionEntry => ({
      label: p.name,
      kind: 'property',
      insertText: `${p.name}: `,
      span: ctx.word,
      ...(p.description ? { documentation: p.description } : {}),
    }));
  return ctx.newItem ? [...keys, ...values(path)] : keys;
}

/** Enum strings that YAML would read as something else (`""`, `true`) are quoted. */
function valueText(value: string): string {
  return value === '' || /^(?:true|false|null|yes|no|on|off|~|[-+.\d].*)$/i.test(value) || /[:#{}[\],&*!|>'"%@`]/.test(value) ? JSON.stringify(value) : value;
}

function dedupe(entries: CompletionEntry[]): CompletionEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.kind === 'property' ? 'k' : 'v'}\u0000${e.label}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
