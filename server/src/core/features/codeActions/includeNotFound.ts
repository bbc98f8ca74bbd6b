import type { RootResult } from '../../check';
import type { IncludeRef } from '../../parse/include';
import { includedKind } from '../../project/kinds';
import type { FileKind } from '../../project/kinds';
import { basename, isInside, relative } from '../../util/paths';
import { schemaPlace } from '../locate';
import type { SchemaIndex } from '../schemaIndex';
import { yamlScalar } from '../text';
import { tableFromFileName } from '../../project/tableFileName';
import type { Fixer } from './types';

/** include-not-found: create the file with a skeleton of what belongs there (a table file gets its `table:`). */
export const createIncludedFile: Fixer = ({ finding, result, schemas }) => {
  const parent = result?.project.files.get(finding.file);
  const ref = parent?.yaml?.includes.find((r) => r.span.start === finding.span.start && r.span.end === finding.span.end);
  if (!result || !parent || !ref || ref.raw === '' || !isInside(ref.target, result.root) || result.project.files.has(ref.target)) return [];
  const kind = parent.kind === 'fragment' ? 'fragment' : includedKind(parent.kind, ref.path);
  const text = skeleton(result, kind, parent.path, ref, schemas);
  if (text === undefined) return [];
  return [
    { title: `Create ${relative(result.root, ref.target)}`, change: { edits: [], files: [{ kind: 'create', file: ref.target, text }] }, preferred: true },
  ];
};

function skeleton(result: RootResult, kind: FileKind, from: string, ref: IncludeRef, schemas: SchemaIndex | undefined): string | undefined {
  const known = [...new Set(result.index.tables.map((t) => t.table.schema))];
  switch (kind) {
    case 'table':
    case 'function': {
      const named = tableFromFileName(basename(ref.target), known);
      return named ? `${kind}:\n  name: ${yamlScalar(named.name)}\n  schema: ${yamlScalar(named.schema)}\n` : undefined;
    }
    case 'tables':
    case 'functions':
      return '[]\n';
    default:
      return fragmentSkeleton(result, from, ref, schemas);
  }
}

/** A fragment gets what the schema expects at the include: nothing where null is allowed, else `[]` or `{}`. */
function fragmentSkeleton(result: RootResult, from: string, ref: IncludeRef, schemas: SchemaIndex | undefined): string {
  const place = schemaPlace(result, from);
  const types = place && schemas ? schemas.types(place.kind, [...place.prefix, ...ref.path]) : new Set<string>();
  if (types.size === 0 || types.has('null')) return '';
  if (types.has('array')) return '[]\n';
  return types.has('object') ? '{}\n' : '';
}
