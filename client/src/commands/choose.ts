/**
 * Prompts over the project's facts shared by the commands: a source, a table, a relationship,
 * each skipped when the argument object names it (or, from the context menu, the cursor does).
 */
import * as vscode from 'vscode';
import type { RelationshipInfo, TableInfo, TableRef } from '../../../common/protocol';
import type { Args } from './args';
import { sameTable, stringArg, tableArg, tableLabel } from './args';
import { ArgumentError } from './outcome';
import type { Target } from './project';
import { uriOf } from './project';
import type { Choice } from './prompts';
import { pick } from './prompts';

const AT_CURSOR = 'at the cursor';

export async function chooseSource(target: Target, args: Args, title: string, key = 'source'): Promise<string> {
  const given = stringArg(args, key) ?? (target.fromContextMenu ? target.facts.cursor?.source : undefined);
  const cursor = target.facts.cursor?.source;
  const choices = target.facts.sources.map((s): Choice<string> => ({
    label: s.name,
    description: s.name === cursor ? `${s.kind}, ${AT_CURSOR}` : s.kind,
    value: s.name,
  }));
  return pick(
    given,
    cursorFirst(choices, (c) => c.value === cursor),
    title,
    'Source',
  );
}

/** A table `{source, table}`: the source defaults to `default` when the table is given without one. */
export async function chooseTable(target: Target, args: Args, title: string): Promise<{ source: string; table: TableRef; info: TableInfo | undefined }> {
  const given = tableArg(args);
  const cursor = target.fromContextMenu ? target.facts.cursor : undefined;
  if (given !== undefined || cursor?.table) {
    const source = stringArg(args, 'source') ?? cursor?.source ?? 'default';
    const table: TableRef = given ?? cursor!.table!;
    return { source, table, info: target.facts.tables.find((t) => t.source === source && sameTable(t, table)) };
  }
  const wantSource = stringArg(args, 'source');
  const at = target.facts.cursor;
  const tables = target.facts.tables.filter((t) => wantSource === undefined || t.source === wantSource);
  if (tables.length === 0)
    throw new ArgumentError(wantSource === undefined ? 'The project tracks no tables.' : `Source ${wantSource} tracks no tables in the local files.`);
  const isCursor = (t: TableInfo): boolean => at?.table !== undefined && t.source === at.source && sameTable(t, at.table);
  const multi = new Set(tables.map((t) => t.source)).size > 1;
  const choices = tables.map((t): Choice<TableInfo> => ({
    label: `${t.schema}.${t.name}`,
    description: [multi ? t.source : '', isCursor(t) ? AT_CURSOR : ''].filter((d) => d !== '').join(', '),
    detail: vscode.workspace.asRelativePath(uriOf(t.file)),
    value: t,
  }));
  const info = await pick(
    undefined,
    cursorFirst(choices, (c) => isCursor(c.value)),
    title,
    'Table',
  );
  return { source: info.source, table: { schema: info.schema, name: info.name }, info };
}

export async function chooseRelationship(
  target: Target,
  info: TableInfo | undefined,
  table: TableRef,
  given: string | undefined,
  title: string,
): Promise<RelationshipInfo | { name: string }> {
  const cursor = target.fromContextMenu ? target.facts.cursor?.relationship : undefined;
  const name = given ?? cursor;
  if (name !== undefined) return info?.relationships.find((r) => r.name === name) ?? { name };
  const relationships = info?.relationships ?? [];
  if (relationships.length === 0) throw new ArgumentError(`${tableLabel(table)} has no object or array relationships in the local files.`);
  const at = target.facts.cursor?.relationship;
  const choices = relationships.map((r): Choice<RelationshipInfo> => ({
    label: r.name,
    description: [r.kind, r.name === at ? AT_CURSOR : ''].filter((d) => d !== '').join(', '),
    ...(r.comment !== undefined ? { detail: r.comment } : {}),
    value: r,
  }));
  return pick(
    undefined,
    cursorFirst(choices, (c) => c.value.name === at),
    title,
    'Relationship',
  );
}

function cursorFirst<T>(choices: T[], isCursor: (c: T) => boolean): T[] {
  return [...choices.filter(isCursor), ...choices.filter((c) => !isCursor(c))];
}
