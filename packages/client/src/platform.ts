// One entry point for every area. Each area's client is made on first use, so an application
// that never touches an area needs none of its options (and can import the area's own
// subpath, `@platform-contracts/client/<area>`, to leave the others out of its bundle).
import type { AccessKeyClientOptions } from './internal/area.js';
import { requireBaseUrl } from './internal/options.js';
import type { PlatformAreas, PlatformContext } from './internal/platform-areas.js';
import type { DatabaseClientOptions } from './database.js';
import { PLATFORM_PROPERTIES } from './generated/platform-properties.js';

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

/** A property per area (each area's module adds its own: `platformProperties`), in the registry's order. */
export type PlatformClient<ThrowOnError extends boolean = false> = Readonly<PlatformAreas<ThrowOnError>>;

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
  const { apiBaseUrl, videoBaseUrl, database: _database, ...shared } = options;
  const context: PlatformContext = {
    options,
    api: () => ({ ...shared, baseUrl: requireBaseUrl({ factory: FACTORY, option: 'apiBaseUrl', env: 'PLATFORM_API_BASE_URL' }, apiBaseUrl) }),
    video: () => ({ ...shared, baseUrl: requireBaseUrl({ factory: FACTORY, option: 'videoBaseUrl', env: 'PLATFORM_VIDEO_BASE_URL' }, videoBaseUrl) }),
  };
  const factories = Object.fromEntries(Object.entries(PLATFORM_PROPERTIES).map(([name, make]) => [name, () => make(context)]));
  return lazily(factories) as unknown as PlatformClient<ThrowOnError>;
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
