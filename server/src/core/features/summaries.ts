import type { RootResult } from '../check';
import type { IncludeRef } from '../parse/include';
import { isMap, isSeq } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { TableFact } from '../project/index/types';
import { relative } from '../util/paths';
import { actionsSdl } from '../graphql/actionsSdl';
import type { SymbolRef } from './occurrence';
import { occurrencesOf } from './occurrences';
import { effectivePermissions } from './rolePermissions';

/** Short markdown summaries of what an include or a name stands for (hover text). */

export function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`;
}

function tableSummary(t: TableFact): string {
  const relationships = t.relationships.filter((r) => r.kind !== 'computed_field').length;
  const computed = t.relationships.length - relationships;
  const parts = [count(relationships, 'relationship'), count(t.permissions.length, 'permission'), ...(computed > 0 ? [count(computed, 'computed field')] : [])];
  return `Table ${t.key}: ${parts.join(', ')}`;
}

/** What the file an include points at holds, e.g. `Table public.author: 3 relationships, 2 permissions`. */
export function includeSummary(result: RootResult, ref: IncludeRef): string {
  const target = result.project.includeTargets.get(ref);
  const rel = `\`${relative(result.root, ref.target)}\``;
  if (!target) return `${rel} does not exist or cannot be read.`;
  const contents = target.yaml?.doc.contents as YNode;
  const size = isSeq(contents) ? contents.items.length : isMap(contents) ? contents.items.length : 0;
  const table = result.index.tables.find((t) => t.at.file === target.path);
  const lines: Record<string, string> = {
    table: table ? tableSummary(table) : 'Table file',
    tables: `Tracked tables: ${count(size, 'table')}`,
    functions: `Tracked functions: ${count(size, 'function')}`,
    function: 'Function file',
  };
  const head =
    lines[target.kind] ??
    (isSeq(contents) ? `A list of ${count(size, 'item')}` : isMap(contents) ? `A mapping with ${count(size, 'key')}` : 'An included file');
  return `${head}\n\n${rel}`;
}

/** `file`: the file hovered (a role's permissions list the table it defines first). */
export function symbolSummary(result: RootResult, symbol: SymbolRef, file?: string): string {
  const { index } = result;
  switch (symbol.kind) {
    case 'table': {
      const table = occurrencesOf(result).tables.find(symbol.source, symbol.table);
      return table ? `${tableSummary(table)} (source \`${symbol.source}\`)` : `Table ${symbol.table} is not tracked in source \`${symbol.source}\`.`;
    }
    case 'relationship':
      return relationshipSummary(result, symbol);
    case 'collection': {
      const collection = index.collections.find((c) => c.name.name === symbol.name);
      return collection
        ? `Query collection \`${symbol.name}\`: ${count(collection.queries.length, 'query', 'queries')}`
        : `No query collection is named \`${symbol.name}\`.`;
    }
    case 'query':
      return `Query \`${symbol.name}\` of collection \`${symbol.collection}\``;
    case 'role':
      return roleSummary(result, symbol.name, file);
    case 'action': {
      const field = actionsSdl(result.project)?.actions.find((f) => f.name === symbol.name);
      return field
        ? `Action \`${symbol.name}\` (${field.operation})\n\n\`\`\`graphql\n${field.signature}\n\`\`\``
        : `Action \`${symbol.name}\` (not declared in actions.graphql)`;
    }
  }
}

function relationshipSummary(result: RootResult, symbol: Extract<SymbolRef, { kind: 'relationship' }>): string {
  const lookup = occurrencesOf(result).tables;
  const table = lookup.find(symbol.source, symbol.table);
  const rel = table?.relationships.find((r) => r.name.name === symbol.name);
  if (!table || !rel) return `Relationship \`${symbol.name}\` of ${symbol.table}`;
  const label = { object: 'Object relationship', array: 'Array relationship', computed_field: 'Computed field', remote: 'Remote relationship' }[rel.kind];
  const target = lookup.targetOf(table, rel);
  return `${label} \`${symbol.name}\` of ${table.key}${target ? ` → ${target.key}` : rel.target ? ` → ${rel.target.schema}.${rel.target.name}` : ''}`;
}

function roleSummary(result: RootResult, role: string, file?: string): string {
  const uses = result.index.roles.get(role) ?? [];
  const permissions = uses.filter((u) => u.via.includes('permission')).length;
  const inherited = result.index.inheritedRoles.find((r) => r.role.name === role);
  const head = inherited ? `Inherited role \`${role}\` of ${inherited.roleSet.map((m) => `\`${m.name}\``).join(', ') || 'no roles'}` : `Role \`${role}\``;
  const effective = effectivePermissions(result, role, file);
  return `${head}: ${count(permissions, 'permission')}${effective ? `\n\n${effective}` : ''}`;
}
