export { ClientConfigError } from './internal/options.js';
export type { AccessKeyClientOptions } from './internal/access-key-client.js';
export { createVideoClient, type VideoClient, type VideoClientOptions } from './video.js';
export type * as Video from './generated/video.js';
export { createContainersClient, type ContainersClient, type ContainersClientOptions } from './containers.js';
export type * as Containers from './generated/containers.js';
export { createShieldClient, type ShieldClient, type ShieldClientOptions } from './shield.js';
export type * as Shield from './generated/shield.js';
export { createDnsClient, importDnsRecords, type DnsClient, type DnsClientOptions } from './dns.js';
export type * as Dns from './generated/dns.js';
export {
  createStorageClient,
  listAllStorageZones,
  StorageListError,
  type ListAllStorageZonesOptions,
  type StorageClient,
  type StorageClientOptions,
} from './storage.js';
export type * as Storage from './generated/storage.js';
export {
  createDatabaseClient,
  DatabaseError,
  type DatabaseClient,
  type DatabaseClientOptions,
  type ResultSet,
  type Row,
  type SqlArgument,
  type SqlArguments,
  type SqlResultValue,
  type Statement,
} from './database.js';
export type * as Database from './generated/database.js';
