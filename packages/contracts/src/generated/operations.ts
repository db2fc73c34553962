/**
 * Generated from each area's bundle by `pnpm generate`. Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

import type { operations as containersOperations } from './containers.ts';
import type { operations as databaseOperations } from './database.ts';
import type { operations as dnsOperations } from './dns.ts';
import type { operations as shieldOperations } from './shield.ts';
import type { operations as storageOperations } from './storage.ts';
import type { operations as videoOperations } from './video.ts';

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

/**
 * Each area's operations by operationId, as openapi-typescript types them (the `operations` of
 * `@platform-contracts/contracts/<area>`): parameters, request body and answers by status.
 */
export interface AreaOperations<Int64 extends number | bigint = number | bigint> {
  "containers": containersOperations<Int64>;
  "database": databaseOperations<Int64>;
  "dns": dnsOperations<Int64>;
  "shield": shieldOperations<Int64>;
  "storage": storageOperations<Int64>;
  "video": videoOperations<Int64>;
}

/** The operationIds of an area (of each area, for a union of areas). */
export type OperationIdOf<Area extends keyof AreaOperations> = Area extends keyof AreaOperations ? keyof AreaOperations[Area] & string : never;
