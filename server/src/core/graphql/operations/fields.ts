import type { RootResult } from '../../check';
import type { Loc } from '../../project/index/types';
import { collectedOperations } from './operations';
import type { CollectedOperation } from './operations';
import { ADMIN, originOf } from './provider';
import type { Origin, RoleSchema } from './provider';
import { walkFields } from './validate';

/** A field an operation selects, with what makes it (as the generator records it). */
export interface SelectedField {
  readonly op: CollectedOperation;
  /** The field's name in the file (not its alias). */
  readonly loc: Loc;
  readonly name: string;
  readonly origin: Origin;
}

const memo = new WeakMap<RootResult, readonly SelectedField[]>();

/**
 * Every field the collections' operations select whose origin the admin schema records (the origin
 * of a field is the same in every role's schema). Memoized per check result.
 */
export function selectedFields(result: RootResult): readonly SelectedField[] {
  let fields = memo.get(result);
  if (!fields) {
    const admin = result.schemas?.schemaFor(ADMIN);
    fields = admin ? collectedOperations(result.project, result.index).flatMap((op) => fieldsOf(op, admin)) : [];
    memo.set(result, fields);
  }
  return fields;
}

function fieldsOf(op: CollectedOperation, role: RoleSchema): SelectedField[] {
  const out: SelectedField[] = [];
  walkFields(op.doc, role, (node, def) => {
    const origin = def ? originOf(def) : undefined;
    if (origin && node.name.loc)
      out.push({
        op,
        loc: { file: op.gql.file, span: op.gql.fileSpan({ start: node.name.loc.start, end: node.name.loc.end }) },
        name: node.name.value,
        origin,
      });
  });
  return out;
}
