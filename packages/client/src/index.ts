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
export type * as Video from './generated/video.js';
export {
  ContainerImagePullPolicy,
  ContainersApiError,
  createContainersClient,
  type ContainersClient,
  type ContainersClientOptions,
} from './containers.js';
export type * as Containers from './generated/containers.js';
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
export type * as Shield from './generated/shield.js';
export { createDnsClient, DnsApiError, importDnsRecords, type DnsClient, type DnsClientOptions } from './dns.js';
export type * as Dns from './generated/dns.js';
export {
  createStorageClient,
  StorageApiError,
  StorageZoneType,
  ZoneTier,
  type StorageClient,
  type StorageClientOptions,
} from './storage.js';
export type * as Storage from './generated/storage.js';
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
export type * as Database from './generated/database.js';
