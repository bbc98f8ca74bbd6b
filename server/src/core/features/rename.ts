import type { RootResult } from '../check';
import type { Span } from '../diagnostics';
import { relative } from '../util/paths';
import { actionsSdl } from '../graphql/actionsSdl';
import { byPlace } from './definition';
import { locate } from './locate';
import type { Occurrence, SymbolRef } from './occurrence';
import { describeSymbol } from './occurrence';
import { occurrencesOf } from './occurrences';
import { replacementFor } from './text';
import type { FeatureInput, WorkspaceChange } from './types';

export type Rejected = { readonly error: string };

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Where F2 may rename: the name under the cursor, or why not. Undefined when nothing is there. */
export function prepareRename(input: FeatureInput): { span: Span; placeholder: string } | Rejected | undefined {
  const { occurrence } = locate(input);
  if (!occurrence) return undefined;
  if (occurrence.symbol.kind === 'table') return { error: 'Tables are named by the database: rename the table there, then its file and `table:` here.' };
  if (!occurrence.exact) return { error: 'This name is written with escapes; rename it by hand.' };
  return { span: occurrence.loc.span, placeholder: occurrence.symbol.name };
}

/**
 * Renames a relationship, query collection, query, role or action in every file that names it,
 * as one change (a relationship also in the permission filters that use it, through nested
 * relationships, never a same-named column).
 */
export function rename(input: FeatureInput, newName: string): { change: WorkspaceChange } | Rejected | undefined {
  const prepared = prepareRename(input);
  if (!prepared || 'error' in prepared) return prepared;
  const { occurrence } = locate(input);
  const symbol = occurrence!.symbol;
  if (symbol.kind === 'table') return undefined;
  const problem = nameProblem(symbol, newName) ?? conflict(input.result, symbol, newName);
  if (problem) return { error: problem };
  const all = occurrencesOf(input.result)
    .byId(occurrence!.id)
    .sort((a, b) => byPlace(a.loc, b.loc));
  const inexact = all.find((o) => !o.exact);
  if (inexact)
    return { error: `\`${symbol.name}\` is written with escapes in ${relative(input.result.root, inexact.loc.file)}; rename it there by hand first.` };
  return { change: { edits: all.map((o) => ({ file: o.loc.file, span: o.loc.span, newText: textFor(o, newName) })), files: [] } };
}

function textFor(o: Occurrence, name: string): string {
  return o.graphql ? name : replacementFor(o.quote, name);
}

function nameProblem(symbol: Exclude<SymbolRef, { kind: 'table' }>, name: string): string | undefined {
  if (name === symbol.name) return 'The new name is the current name.';
  if (name.trim() === '' || name !== name.trim() || /[\n\r]/.test(name)) return 'A name cannot be empty, start or end with spaces, or span lines.';
  if ((symbol.kind === 'relationship' || symbol.kind === 'action') && !GRAPHQL_NAME.test(name)) {
    return `\`${name}\` is not a GraphQL name (letters, digits and _, not starting with a digit); ${symbol.kind} names are GraphQL field names.`;
  }
  return undefined;
}

function conflict(result: RootResult, symbol: SymbolRef, name: string): string | undefined {
  const { index } = result;
  switch (symbol.kind) {
    case 'relationship': {
      const table = occurrencesOf(result).tables.find(symbol.source, symbol.table);
      if (table?.relationships.some((r) => r.name.name === name)) return `\`${symbol.table}\` already has a relationship or computed field named \`${name}\`.`;
      if (table?.columns.has(name)) return `\`${name}\` is a column of \`${symbol.table}\`.`;
      return undefined;
    }
    case 'collection':
      return index.collections.some((c) => c.name.name === name) ? `A query collection named \`${name}\` already exists.` : undefined;
    case 'query':
      return index.collections.some((c) => c.name.name === symbol.collection && c.queries.some((q) => q.name.name === name))
        ? `Collection \`${symbol.collection}\` already has a query named \`${name}\`.`
        : undefined;
    case 'role':
      return index.roles.has(name) || index.inheritedRoles.some((r) => r.roleSet.some((m) => m.name === name))
        ? `Role \`${name}\` already exists; renaming would merge two roles.`
        : undefined;
    case 'action':
      return index.actions.some((a) => a.name.name === name) || actionsSdl(result.project)?.actions.some((f) => f.name === name)
        ? `An action named \`${name}\` already exists.`
        : undefined;
    default:
      return `Cannot rename ${describeSymbol(symbol)}.`;
  }
}
