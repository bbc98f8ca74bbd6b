/** Create Object/Array Relationship, Rename, Drop, Set Relationship Comment. */
import * as vscode from 'vscode';
import type { MetadataOperation } from '../../../common/protocol';
import { argumentObject, booleanArg, nullableStringArg, objectArg, relationshipNameProblem, stringArg, tableLabel } from './args';
import { chooseRelationship, chooseTable } from './choose';
import type { CommandFactory } from './context';
import { resourceOf } from './context';
import { runOperation, tell } from './flow';
import { chooseTarget } from './project';
import { confirm, input } from './prompts';
import { offerCascade } from './sources';
import { relationshipUsing } from './operationArgs';
import { promptUsing } from './using';

const NO_ROOT = 'No metadata folder (a folder with version.yaml saying version: 3) is open.';

export const createRelationship =
  (kind: 'object' | 'array'): CommandFactory =>
  (ctx) =>
  async (arg) => {
    const args = argumentObject(arg);
    const interactive = Object.keys(args).length === 0;
    const title = `Create ${kind === 'object' ? 'Object' : 'Array'} Relationship`;
    const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
    if (!target) return tell('not-run', NO_ROOT);
    const { source, table, info } = await chooseTable(target, args, `${title}: on which table`);
    const name = await input(stringArg(args, 'name'), {
      title: `${title} on ${tableLabel(table)}`,
      prompt: 'Name of the relationship (a GraphQL field name)',
      validate: (t) => relationshipNameProblem(t, info),
    });
    const using = objectArg(args, 'using') ?? (await promptUsing(kind, target, source, info, title));
    const comment =
      stringArg(args, 'comment') ?? (interactive ? await input(undefined, { title: `${title}: comment`, prompt: 'Optional; empty for none' }) : undefined);
    const rel = { source, table, name, ...(comment !== undefined && comment !== '' ? { comment } : {}) };
    const operation: MetadataOperation =
      kind === 'object'
        ? { type: 'create_object_relationship', args: { ...rel, using: relationshipUsing('object', using) } }
        : { type: 'create_array_relationship', args: { ...rel, using: relationshipUsing('array', using) } };
    return runOperation(ctx, target, operation, { summary: () => `Created ${kind} relationship ${name} on ${tableLabel(table)}` });
  };

export const renameRelationship: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const { source, table, info } = await chooseTable(target, args, 'Rename Relationship: on which table');
  const { name } = await chooseRelationship(target, info, table, stringArg(args, 'name'), `Rename Relationship of ${tableLabel(table)}`);
  const newName = await input(stringArg(args, 'new_name'), {
    title: `Rename Relationship ${name}`,
    prompt: 'New name',
    value: name,
    validate: (t) => relationshipNameProblem(t, info, name),
  });
  const operation: MetadataOperation = { type: 'rename_relationship', args: { source, table, name, new_name: newName } };
  return runOperation(ctx, target, operation, { summary: () => `Renamed relationship ${name} of ${tableLabel(table)} to ${newName}` });
};

export const dropRelationship: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const { source, table, info } = await chooseTable(target, args, 'Drop Relationship: on which table');
  const given = stringArg(args, 'relationship');
  const { name } = await chooseRelationship(target, info, table, given, `Drop Relationship of ${tableLabel(table)}`);
  if (given === undefined)
    await confirm(
      `Drop relationship ${name} of ${tableLabel(table)}?`,
      'It goes on the server and from the table file (one undoable edit).',
      'Drop relationship',
    );
  const cascade = booleanArg(args, 'cascade');
  const operation: MetadataOperation = {
    type: 'drop_relationship',
    args: { source, table, relationship: name, ...(cascade !== undefined ? { cascade } : {}) },
  };
  return runOperation(ctx, target, operation, {
    summary: (op) => `Dropped relationship ${name} of ${tableLabel(table)}${op.type === 'drop_relationship' && op.args.cascade ? ' and what used it' : ''}`,
    retry: async (error, op) =>
      op.type === 'drop_relationship' && op.args.cascade === undefined && (await offerCascade(error, `relationship ${name}`))
        ? { ...op, args: { ...op.args, cascade: true } }
        : undefined,
  });
};

export const setRelationshipComment: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const { source, table, info } = await chooseTable(target, args, 'Set Relationship Comment: on which table');
  const rel = await chooseRelationship(target, info, table, stringArg(args, 'relationship'), `Set Relationship Comment on ${tableLabel(table)}`);
  const given = 'comment' in args ? nullableStringArg(args, 'comment') : undefined;
  const comment =
    'comment' in args
      ? given
      : await input(undefined, { title: `Comment of ${rel.name}`, prompt: 'Empty removes the comment', value: 'comment' in rel ? (rel.comment ?? '') : '' });
  const removes = comment === null || comment === undefined || comment === '';
  const operation: MetadataOperation = { type: 'set_relationship_comment', args: { source, table, relationship: rel.name, comment: removes ? null : comment } };
  return runOperation(ctx, target, operation, {
    summary: () => `${removes ? 'Removed the comment of' : 'Set the comment of'} relationship ${rel.name} of ${tableLabel(table)}`,
  });
};
