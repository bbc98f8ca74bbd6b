import type { ModelView } from './lookup';
import type { FunctionArgModel, FunctionModel } from './model';

/** The input arguments as the engine counts them (OUT and TABLE columns are not inputs). */
function inputArgs(fn: FunctionModel): FunctionArgModel[] {
  return fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic');
}

function isJson(type: string): boolean {
  return type === 'json' || type === 'jsonb';
}

function sessionProblem(fn: FunctionModel, session: string | undefined): string[] {
  if (session === undefined) return [];
  const arg = inputArgs(fn).find((a) => a.name === session);
  if (!arg) return [`\`${session}\` (the session argument) is not an argument of the function`];
  return isJson(arg.type) ? [] : [`the session argument \`${session}\` has type ${arg.type}, not json`];
}

/** What the table returned must be: a table or view the source tracks. */
function returnProblems(view: ModelView, fn: FunctionModel, isTracked: (schema: string, name: string) => boolean): string[] {
  const relation = fn.returnsRelation === undefined ? undefined : (view.model.relations[fn.returnsRelation] ?? view.relationOfType(fn.returnsRelation));
  if (!relation) return [`it returns ${fn.returnsSet ? 'SETOF ' : ''}${fn.returnType}, not a table`];
  return isTracked(relation.schema, relation.name) ? [] : [`it returns \`${relation.schema}.${relation.name}\`, which is not tracked`];
}

interface TrackedFunctionConfig {
  readonly exposedAs?: string;
  readonly sessionArgument?: string;
}

/**
 * Why the engine would refuse to track the function (Hasura/Backends/Postgres/DDL/Function.hs,
 * buildFunctionInfo): variadic arguments, a result that is not a tracked table, a non-volatile
 * function exposed as a mutation, a session argument that is not a json argument.
 */
export function trackedFunctionProblems(
  view: ModelView,
  fn: FunctionModel,
  config: TrackedFunctionConfig,
  isTracked: (schema: string, name: string) => boolean,
): string[] {
  const out: string[] = [];
  if (fn.args.some((a) => a.mode === 'variadic')) out.push('functions with VARIADIC arguments are not supported');
  out.push(...returnProblems(view, fn, isTracked));
  if (config.exposedAs === 'mutation' && fn.volatility !== 'volatile')
    out.push(`it is exposed as a mutation but is ${fn.volatility.toUpperCase()}, not VOLATILE`);
  out.push(...sessionProblem(fn, config.sessionArgument));
  return out;
}

interface ComputedFieldConfig {
  readonly tableArgument?: string;
  readonly sessionArgument?: string;
}

/**
 * Why the engine would refuse the function as a computed field of `table`
 * (Hasura/Backends/Postgres/DDL/ComputedField.hs): VOLATILE, no input arguments, a table argument
 * that is not the table's row type, a session argument that is not json, a set of an untracked table.
 */
export function computedFieldProblems(
  view: ModelView,
  fn: FunctionModel,
  table: { schema: string; name: string },
  config: ComputedFieldConfig,
  isTracked: (schema: string, name: string) => boolean,
): string[] {
  const out: string[] = [];
  if (fn.volatility === 'volatile') out.push('it is VOLATILE (computed fields need STABLE or IMMUTABLE functions)');
  const inputs = inputArgs(fn);
  const tableArg = config.tableArgument === undefined ? inputs[0] : inputs.find((a) => a.name === config.tableArgument);
  if (config.tableArgument !== undefined && !tableArg) out.push(`\`${config.tableArgument}\` (the table argument) is not an argument of the function`);
  else if (!tableArg) out.push('it has no input arguments (the first must take a row of the table)');
  else {
    const relation = view.relationOfType(tableArg.type);
    if (!relation || relation.schema !== table.schema || relation.name !== table.name) {
      const which = config.tableArgument === undefined ? 'its first argument' : `its argument \`${config.tableArgument}\``;
      out.push(`${which} has type ${tableArg.type}, not the row type of \`${table.schema}.${table.name}\``);
    }
  }
  out.push(...sessionProblem(fn, config.sessionArgument));
  if (fn.returnsRelation !== undefined) {
    const relation = view.model.relations[fn.returnsRelation] ?? view.relationOfType(fn.returnsRelation);
    if (relation && !isTracked(relation.schema, relation.name)) out.push(`it returns \`${relation.schema}.${relation.name}\`, which is not tracked`);
  }
  return out;
}
