// createPlatformClient's options, below the registry of its properties (platform-areas.ts), which
// hands them to each area's property, and below platform.ts, which reads them.
import type { BaseUrlOptions } from '../generated/base-urls.js';
import type { AccessKeyClientOptions } from './area.js';
import type { DatabaseClientOptions } from './database-api.js';
import type { Int64Mode } from './int64.js';

export interface PlatformClientOptions<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>
  extends Omit<AccessKeyClientOptions<ThrowOnError, Int64>, 'baseUrl' | 'accessKey'>,
    BaseUrlOptions {
  /** API key sent in the `AccessKey` header (every area but the database's SQL pipeline). */
  accessKey: string;
  /**
   * openapi-fetch middleware for every area's calls (not the database's SQL pipeline), for
   * example to log or trace each request: `{ onRequest({ request }) { ... } }`.
   */
  middleware?: NonNullable<AccessKeyClientOptions['middleware']>;
  /** One database's URL and token. Default: `PLATFORM_DATABASE_URL` and `PLATFORM_DATABASE_AUTH_TOKEN`. */
  database?: Pick<DatabaseClientOptions, 'url' | 'authToken'>;
}
