// Runs a composite action's steps (action.yml) as a GitHub runner does: each `run` step in its shell
// with the inputs (given, else their defaults) substituted into `${{ inputs.* }}` and `if:`, set as
// INPUT_<NAME> environment variables too, GITHUB_ACTION_PATH the action's checkout and the working
// directory the workspace. Used by scripts/test-action.mjs (the action from a clean checkout) and
// scripts/test-package.mjs (the action with the packed tarball as its `package`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';

/**
 * Runs the steps until one fails. Returns the last step's exit code and the output of all of them.
 * `if:` conditions of the form `inputs.NAME == ''` / `!= ''` are understood; any other is an error.
 */
export function runAction({ actionPath, workspace, inputs = {}, env = {} }) {
  const action = parse(readFileSync(path.join(actionPath, 'action.yml'), 'utf8'));
  const values = Object.fromEntries(Object.entries(action.inputs ?? {}).map(([name, input]) => [name, inputs[name] ?? input.default ?? '']));
  for (const name of Object.keys(inputs)) if (!(name in values)) throw new Error(`action.yml has no input ${name}`);
  const substitute = (text) =>
    String(text)
      .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name) => values[name])
      .replace(/\$\{\{\s*github\.action_path\s*\}\}/g, actionPath);
  const runnerEnv = {
    ...process.env,
    ...Object.fromEntries(Object.entries(values).map(([name, value]) => [`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value])),
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTIONS: 'true',
    NO_COLOR: '1',
    ...env,
  };
  let result = { code: 0, stdout: '', stderr: '' };
  for (const step of action.runs.steps) {
    if (!step.run) throw new Error(`step ${step.name ?? '?'}: only run steps are understood here`);
    if (step.if !== undefined && !condition(step.if, values)) continue;
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v)]));
    const shell = step.shell ?? 'bash';
    const ran = spawnSync(shell, ['--noprofile', '--norc', '-eo', 'pipefail', '-c', substitute(step.run)], {
      cwd: workspace,
      encoding: 'utf8',
      env: { ...runnerEnv, ...stepEnv },
    });
    result = { code: ran.status ?? 1, stdout: result.stdout + (ran.stdout ?? ''), stderr: result.stderr + (ran.stderr ?? '') };
    if (result.code !== 0) break;
  }
  return result;
}

function condition(expression, values) {
  const match = /^\s*inputs\.([\w-]+)\s*(==|!=)\s*''\s*$/.exec(String(expression).replace(/^\$\{\{|\}\}$/g, ''));
  if (!match) throw new Error(`if: ${expression} is not understood here`);
  const empty = (values[match[1]] ?? '') === '';
  return match[2] === '==' ? empty : !empty;
}
