import type { Judgement, ModelView } from '../db/lookup';
import type { FunctionModel } from '../db/model';
import { modelPlace } from '../db/modelViews';
import type { Finding } from '../diagnostics';
import { readTableRef, tableKey } from '../project/index/tableRef';
import type { At, Loc } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import { didYouMean } from '../util/closest';
import { finding } from './rule';

/** A function the metadata names (`function:` of a tracked function or a computed field), looked up in the model. */
export interface FunctionRef {
  readonly key: string;
  readonly loc: Loc;
  readonly judged: Judgement<readonly FunctionModel[]>;
}

export function functionRef(walk: Walk, fnAt: At, view: ModelView): FunctionRef | undefined {
  const ref = fnAt.node ? readTableRef(walk, fnAt) : undefined;
  if (!ref) return undefined;
  // A function that a failed statement names (a CREATE OR REPLACE that did not apply) may differ from the model's.
  const judged = view.canJudge(ref.schema, ref.name) ? view.functions(ref.schema, ref.name) : ({ kind: 'unknown' } as const);
  return { key: tableKey(ref), loc: walk.loc(fnAt), judged };
}

/** `db-function-missing` for a function the model does not have; `what` begins the message, `outcome` ends its first sentence. */
export function functionMissing(view: ModelView, ref: FunctionRef, what: string, outcome = ''): Finding[] {
  if (ref.judged.kind !== 'missing') return [];
  const { suggestion } = ref.judged;
  const message = `${what}, but ${modelPlace(view.model)} has no such function${outcome}.${didYouMean(suggestion)}`;
  return [finding('db-function-missing', 'error', message, ref.loc, { data: { function: ref.key, ...(suggestion ? { suggestion } : {}) } })];
}

/** `(schema, name) => tracked in source` over the index's table keys. */
export function trackedIn(tableKeys: ReadonlySet<string>, source: string): (schema: string, name: string) => boolean {
  return (schema, name) => tableKeys.has(`${source}\u0000${tableKey({ schema, name })}`);
}
