// One entry point for every area. Each area's client is made on first use, so an application
// that never touches an area needs none of its options (and can import the area's own
// subpath, `@platform-contracts/client/<area>`, to leave the others out of its bundle).
import { createContainersClient, type ContainersClient } from './containers.js';
import { createDatabaseClient, type DatabaseClient, type DatabaseClientOptions } from './database.js';
import { createDatabaseTokensClient, type DatabaseTokensClient } from './database-tokens.js';
import { createDnsClient, type DnsClient } from './dns.js';
import type { AccessKeyClientOptions } from './internal/area.js';
import { requireBaseUrl } from './internal/options.js';
import { createShieldClient, type ShieldClient } from './shield.js';
import { createStorageClient, type StorageClient } from './storage.js';
import { createVideoClient, type VideoClient } from './video.js';

export interface PlatformClientOptions<ThrowOnError extends boolean = false>
  extends Omit<AccessKeyClientOptions<ThrowOnError>, 'baseUrl' | 'accessKey'> {
  /** API key sent in the `AccessKey` header (every area but the database's SQL pipeline). */
  accessKey: string;
  /** Base URL of the general management API (shield, containers, storage, DNS, database tokens). Default: `PLATFORM_API_BASE_URL`. */
  apiBaseUrl?: string;
  /** Base URL of the video API. Default: `PLATFORM_VIDEO_BASE_URL`. */
  videoBaseUrl?: string;
  /**
   * openapi-fetch middleware for every area's calls (not the database's SQL pipeline), for
   * example to log or trace each request: `{ onRequest({ request }) { ... } }`.
   */
  middleware?: AccessKeyClientOptions['middleware'];
  /** One database's URL and token. Default: `PLATFORM_DATABASE_URL` and `PLATFORM_DATABASE_AUTH_TOKEN`. */
  database?: Pick<DatabaseClientOptions, 'url' | 'authToken'>;
}

export interface PlatformClient<ThrowOnError extends boolean = false> {
  readonly video: VideoClient<ThrowOnError>;
  readonly shield: ShieldClient<ThrowOnError>;
  readonly containers: ContainersClient<ThrowOnError>;
  readonly storage: StorageClient<ThrowOnError>;
  readonly dns: DnsClient<ThrowOnError>;
  /** The SQL pipeline of the database in `options.database`. */
  readonly database: DatabaseClient;
  /** Database access tokens, on the general management API. */
  readonly databaseTokens: DatabaseTokensClient<ThrowOnError>;
}

const FACTORY = 'createPlatformClient';

/**
 * A client for every area of the platform. Base URLs come from the options, else from the
 * environment variables; an area whose base URL is missing throws a ClientConfigError when it
 * is first used, naming the option and the variable.
 *
 * ```ts
 * const platform = createPlatformClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, apiBaseUrl: 'http://127.0.0.1:4010' });
 * const { data, failure } = await platform.shield.GET('/shield/shield-zones');
 * ```
 */
export function createPlatformClient<ThrowOnError extends boolean = false>(
  options: PlatformClientOptions<ThrowOnError>,
): PlatformClient<ThrowOnError> {
  const { apiBaseUrl, videoBaseUrl, database, ...shared } = options;
  const api = () => ({ ...shared, baseUrl: requireBaseUrl({ factory: FACTORY, option: 'apiBaseUrl', env: 'PLATFORM_API_BASE_URL' }, apiBaseUrl) });
  const video = () => ({ ...shared, baseUrl: requireBaseUrl({ factory: FACTORY, option: 'videoBaseUrl', env: 'PLATFORM_VIDEO_BASE_URL' }, videoBaseUrl) });
  const { fetch, timeoutMs, retry } = shared;

  return lazily<PlatformClient<ThrowOnError>>({
    video: () => createVideoClient(video()),
    shield: () => createShieldClient(api()),
    containers: () => createContainersClient(api()),
    storage: () => createStorageClient(api()),
    dns: () => createDnsClient(api()),
    database: () => createDatabaseClient({ ...database, fetch, timeoutMs, retry }),
    databaseTokens: () => createDatabaseTokensClient(api()),
  });
}

/** An object whose properties are made by their factory on first read, then kept. */
function lazily<T extends object>(factories: { [K in keyof T]: () => T[K] }): T {
  const made: Partial<T> = {};
  const target = {} as T;
  for (const key of Object.keys(factories) as (keyof T)[]) {
    Object.defineProperty(target, key, {
      enumerable: true,
      get: () => (made[key] ??= factories[key]()),
    });
  }
  return target;
}
