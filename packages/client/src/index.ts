/**
 * Generated from the area registry by `pnpm generate`. Do not edit: each area's exports come from its packages/client/src/<area>.ts.
 */


export * from './internal/public.js';
export { createPlatformClient, type PlatformClient, type PlatformClientOptions } from './platform.js';
export {
  ContainerImagePullPolicy,
  ContainersApiError,
  type ContainersClient,
  type ContainersClientOptions,
  createContainersClient,
} from './containers.js';
export type * as Containers from '@platform-contracts/contracts/containers';
export {
  createDatabaseClient,
  createDatabaseTokens,
  createDatabaseTokensClient,
  type DatabaseClient,
  type DatabaseClientOptions,
  DatabaseError,
  DatabaseTokenKind,
  DatabaseTokensApiError,
  type DatabaseTokensClient,
  type DatabaseTokensClientOptions,
  type DatabaseUrl,
  type IntMode,
  invalidateDatabaseTokens,
  listDatabaseTokens,
  parseDatabaseUrl,
  type ResultSet,
  type Row,
  type SqlArgument,
  type SqlArguments,
  type SqlResultValue,
  type Statement,
  type Transaction,
  type TransactionMode,
} from './database.js';
export type * as Database from '@platform-contracts/contracts/database';
export {
  createDnsClient,
  DnsApiError,
  type DnsClient,
  type DnsClientOptions,
  importDnsRecords,
  type ImportDnsRecordsResult,
} from './dns.js';
export type * as Dns from '@platform-contracts/contracts/dns';
export {
  createShieldClient,
  ShieldApiError,
  ShieldBodyLimitAction,
  type ShieldClient,
  type ShieldClientOptions,
  ShieldDDoSSensitivity,
  ShieldExecutionMode,
  ShieldPlanType,
} from './shield.js';
export type * as Shield from '@platform-contracts/contracts/shield';
export {
  createStorageClient,
  StorageApiError,
  type StorageClient,
  type StorageClientOptions,
  StorageZoneType,
  ZoneTier,
} from './storage.js';
export type * as Storage from '@platform-contracts/contracts/storage';
export {
  aggregateSmartGenerateStatus,
  createVideoClient,
  IssueCodes,
  Severity,
  SmartGenerateStatus,
  VideoApiError,
  type VideoClient,
  type VideoClientOptions,
  VideoModelStatus,
} from './video.js';
export type * as Video from '@platform-contracts/contracts/video';
