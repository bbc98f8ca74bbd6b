import { actionDuplicate } from './actionDuplicate';
import { actionFields } from './actionFields';
import { actionKind } from './actionKind';
import { actionRelationships } from './actionRelationships';
import { actionsGraphqlSyntax } from './actionsGraphql';
import { customTypesDefined } from './customTypes';
import { graphqlUnknownType } from './graphqlUnknownType';
import { operationValidation } from './operations';
import { querySyntax } from './querySyntax';
import { remoteSchemaPermissions } from './remoteSchemaPermissions';
import { restEndpointVariables } from './restEndpointVariables';
import { allowListCollections } from './allowList';
import { allowListScope } from './allowListScope';
import { cronSchedule } from './cronSchedule';
import { dbColumnMissing } from './dbColumnMissing';
import { dbComputedFields } from './dbComputedFields';
import { dbEnumTable } from './dbEnumTable';
import { dbFilterColumnMissing } from './dbFilterColumnMissing';
import { dbForeignKey } from './dbForeignKey';
import { dbObjectRelationshipUnique } from './dbObjectRelationshipUnique';
import { dbRelationshipColumn } from './dbRelationshipColumn';
import { dbTableMissing } from './dbTableMissing';
import { dbTrackedFunctions } from './dbTrackedFunctions';
import { engineVersionFeatures } from './engineVersionFeatures';
import { envTemplates, eventTriggerTemplates } from './envTemplates';
import { inheritedRoleSets } from './inheritedRoles';
import { permissionDuplicate } from './permissionDuplicate';
import { queryCollectionNames, restEndpointTargets } from './queryCollections';
import { relationshipNameConflictsColumn } from './relationshipColumn';
import { relationshipDeprecatedColumn } from './relationshipDeprecatedColumn';
import { relationshipNameDuplicate } from './relationshipDuplicate';
import { relationshipTargetUntracked } from './relationshipTarget';
import { remoteSchemaUrl } from './remoteSchemas';
import type { Rule } from './rule';
import { sourceKindUnknown } from './sourceKind';
import { sourceDuplicate } from './sources';
import { tableDuplicate } from './tableDuplicate';
import { tableFileNameMismatch } from './tableFileName';
import { tableFileUnreferenced } from './tableFileUnreferenced';
import { tableNameShape } from './tableNameShape';

/** Every cross-file rule, in the order they run. Add a rule: a file in this folder + a line here. */
export const RULES: readonly Rule[] = [
  sourceDuplicate,
  sourceKindUnknown,
  tableDuplicate,
  tableFileNameMismatch,
  tableFileUnreferenced,
  tableNameShape,
  relationshipNameDuplicate,
  relationshipTargetUntracked,
  relationshipNameConflictsColumn,
  relationshipDeprecatedColumn,
  permissionDuplicate,
  allowListCollections,
  allowListScope,
  queryCollectionNames,
  restEndpointTargets,
  inheritedRoleSets,
  remoteSchemaUrl,
  cronSchedule,
  envTemplates,
  eventTriggerTemplates,
  engineVersionFeatures,
  actionsGraphqlSyntax,
  actionFields,
  actionDuplicate,
  actionKind,
  customTypesDefined,
  graphqlUnknownType,
  actionRelationships,
  querySyntax,
  restEndpointVariables,
  // Against the GraphQL schema each role sees (silent without one: core/graphql/operations).
  operationValidation,
  remoteSchemaPermissions,
  // Against the database behind each source (silent without a model: core/db).
  dbTableMissing,
  dbColumnMissing,
  dbFilterColumnMissing,
  dbForeignKey,
  dbObjectRelationshipUnique,
  dbRelationshipColumn,
  dbEnumTable,
  dbTrackedFunctions,
  dbComputedFields,
];
