export * from './internal/public.js';
export { createPlatformClient, type PlatformClient, type PlatformClientOptions } from './platform.js';
export {
  aggregateSmartGenerateStatus,
  createVideoClient,
  IssueCodes,
  Severity,
  SmartGenerateStatus,
  VideoApiError,
  VideoModelStatus,
  type VideoClient,
  type VideoClientOptions,
} from './video.js';
export type * as Video from '@platform-contracts/contracts/video';
export {
  ContainerImagePullPolicy,
  ContainersApiError,
  createContainersClient,
  type ContainersClient,
  type ContainersClientOptions,
} from './containers.js';
export type * as Containers from '@platform-contracts/contracts/containers';
export {
  createShieldClient,
  ShieldApiError,
  ShieldBodyLimitAction,
  ShieldDDoSSensitivity,
  ShieldExecutionMode,
  ShieldPlanType,
  type ShieldClient,
  type ShieldClientOptions,
} from './shield.js';
export type * as Shield from '@platform-contracts/contracts/shield';
export { createDnsClient, DnsApiError, importDnsRecords, type DnsClient, type DnsClientOptions } from './dns.js';
export type * as Dns from '@platform-contracts/contracts/dns';
export {
  createStorageClient,
  StorageApiError,
  StorageZoneType,
  ZoneTier,
  type StorageClient,
  type StorageClientOptions,
} from './storage.js';
export type * as Storage from '@platform-contracts/contracts/storage';
export {
  createDatabaseClient,
  DatabaseError,
  DatabaseTokenKind,
  parseDatabaseUrl,
  type DatabaseClient,
  type DatabaseClientOptions,
  type DatabaseUrl,
  type ResultSet,
  type Row,
  type SqlArgument,
  type SqlArguments,
  type SqlResultValue,
  type Statement,
} from './database.js';
export {
  createDatabaseTokens,
  createDatabaseTokensClient,
  DatabaseTokensApiError,
  invalidateDatabaseTokens,
  listDatabaseTokens,
  type DatabaseTokensClient,
  type DatabaseTokensClientOptions,
} from './database-tokens.js';
export type * as Database from '@platform-contracts/contracts/database';
