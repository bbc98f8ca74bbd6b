import { fixActionNotInGraphql } from './actionNotInGraphql';
import { fixActionNotInYaml } from './actionNotInYaml';
import { fixUnknownCollection } from './allowListUnknownCollection';
import { replaceMissingColumn } from './dbColumnMissing';
import { createIncludedFile } from './includeNotFound';
import { columnToColumns } from './relationshipDeprecatedColumn';
import { renameDuplicateRelationship } from './relationshipNameDuplicate';
import { keepOneUrl } from './remoteSchemaUrl';
import { fixTableFileName } from './tableFileNameMismatch';
import { fixOperationField } from './operationField';
import { includeInList } from './tableFileUnreferenced';
import type { FixContext, Fixer, QuickFix } from './types';
import { createVersionFile } from './versionMissing';

export type { QuickFix } from './types';

/** Quick fixes by diagnostic code (never by message text). Add a fix: a file here + a line below. */
const FIXERS: Readonly<Record<string, Fixer>> = {
  'include-not-found': createIncludedFile,
  'table-file-unreferenced': includeInList,
  'allow-list-unknown-collection': fixUnknownCollection,
  'relationship-name-duplicate': renameDuplicateRelationship,
  'remote-schema-url': keepOneUrl,
  'relationship-deprecated-column': columnToColumns,
  'table-file-name-mismatch': fixTableFileName,
  'version-missing': createVersionFile,
  'action-not-in-graphql': fixActionNotInGraphql,
  'action-not-in-yaml': fixActionNotInYaml,
  'db-column-missing': replaceMissingColumn,
  'operation-invalid': fixOperationField,
};

export function quickFixes(ctx: FixContext): QuickFix[] {
  return FIXERS[ctx.finding.code]?.(ctx) ?? [];
}
