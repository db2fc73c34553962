// One entry point for every area. Each area's client is made on first use, so an application
// that never touches an area needs none of its options (and can import the area's own
// subpath, `@platform-contracts/client/<area>`, to leave the others out of its bundle).

import { BASE_URL_ENV } from './generated/base-urls.js';
import { PLATFORM_PROPERTIES } from './generated/platform-properties.js';
import type { Int64Mode } from './internal/int64.js';
import { requireBaseUrl } from './internal/options.js';
import type { PlatformAreas, PlatformContext } from './internal/platform-areas.js';
import type { PlatformClientOptions } from './internal/platform-options.js';

export type { PlatformClientOptions } from './internal/platform-options.js';

/** A property per area (each area's module adds its own: `platformProperties`), in the registry's order. */
export type PlatformClient<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = Readonly<PlatformAreas<ThrowOnError, Int64>>;

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
export function createPlatformClient<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(
  options: PlatformClientOptions<ThrowOnError, Int64>,
): PlatformClient<ThrowOnError, Int64> {
  const { database: _database, ...shared }: Partial<PlatformClientOptions<boolean, Int64Mode>> = { ...options };
  for (const option of Object.keys(BASE_URL_ENV)) delete shared[option as keyof typeof BASE_URL_ENV];
  const context: PlatformContext = {
    options,
    on: (option) => ({
      ...shared,
      accessKey: options.accessKey,
      baseUrl: requireBaseUrl({ factory: FACTORY, option, env: BASE_URL_ENV[option] }, options[option]),
    }),
  };
  const factories = Object.fromEntries(Object.entries(PLATFORM_PROPERTIES).map(([name, make]) => [name, () => make(context)]));
  return lazily(factories) as unknown as PlatformClient<ThrowOnError, Int64>;
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
