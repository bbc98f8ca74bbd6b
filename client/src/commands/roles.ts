/** Add Inherited Role, Drop Inherited Role. */
import * as vscode from 'vscode';
import { argumentObject, nameProblem, parseList, stringArg, stringListArg } from './args';
import type { CommandFactory } from './context';
import { resourceOf } from './context';
import { runOperation, tell } from './flow';
import { ArgumentError } from './outcome';
import { chooseTarget } from './project';
import { confirm, input, pick, pickMany } from './prompts';

const NO_ROOT = 'No metadata folder (a folder with version.yaml saying version: 3) is open.';

export const addInheritedRole: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const inherited = target.facts.inheritedRoles.map((r) => r.role);
  const role = await input(stringArg(args, 'role'), {
    title: 'Add Inherited Role: name',
    prompt: 'Name of the new inherited role',
    validate: (t) => nameProblem(t, inherited, 'inherited role'),
  });
  const candidates = target.facts.roles.filter((r) => r !== role);
  const roleSet = await pickMany(stringListArg(args, 'role_set'), candidates, `Add Inherited Role ${role}: inherits from`, {
    prompt: 'Role names, separated by commas',
    parse: parseList,
  });
  if (roleSet.length === 0) throw new ArgumentError('An inherited role needs at least one role to inherit from.');
  return runOperation(
    ctx,
    target,
    { type: 'add_inherited_role', args: { role, role_set: roleSet } },
    { summary: () => `Added inherited role ${role} (${roleSet.join(', ')})` },
  );
};

export const dropInheritedRole: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const cursor = target.fromContextMenu ? target.facts.cursor?.inheritedRole : undefined;
  const choices = target.facts.inheritedRoles.map((r) => ({ label: r.role, description: r.roleSet.join(', '), value: r.role }));
  if (choices.length === 0 && stringArg(args, 'role') === undefined && cursor === undefined) throw new ArgumentError('The project has no inherited roles.');
  const given = stringArg(args, 'role');
  const role = await pick(given ?? cursor, choices, 'Drop Inherited Role');
  if (given === undefined)
    await confirm(`Drop inherited role ${role}?`, 'It goes on the server and from inherited_roles.yaml (one undoable edit).', 'Drop inherited role');
  return runOperation(ctx, target, { type: 'drop_inherited_role', args: { role } }, { summary: () => `Dropped inherited role ${role}` });
};
