/**
 * Generated from each area's bundle by `pnpm generate`. Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

/**
 * Every operationId of every area, in area, path and method order. The operations themselves
 * are the resolved model, read from the bundles: `operationsOf`, `findOperation`.
 */
export type OperationId =
  | "addContainerTemplate"
  | "runPipeline"
  | "getPipelineVersion"
  | "runPipelineV3"
  | "runCursor"
  | "getPipelineVersionV3"
  | "listDatabaseTokens"
  | "createDatabaseTokens"
  | "invalidateDatabaseTokens"
  | "importDnsRecords"
  | "updateShieldZone"
  | "listShieldZones"
  | "listCustomWafRules"
  | "reviewTriggeredRules"
  | "listStorageZones"
  | "createVideo"
  | "listCollections"
  | "createCollection"
  | "getCollection"
  | "updateCollection"
  | "deleteCollection";
