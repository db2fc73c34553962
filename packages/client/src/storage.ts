/**
 * Generated from openapi/storage/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/storage.ts) and run `pnpm bundle && pnpm generate`.
 */

import { defineClientArea } from './internal/area.js';
import { PlatformApiError } from './internal/api-error.js';
import type { Int64Mode } from './internal/int64.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { pagination, type StorageClient, type StorageClientOptions } from './generated/client-types/storage.js';

export type * from '@platform-contracts/contracts/storage';
export * from './internal/public.js';
export {
  ZoneTier,
  StorageZoneType,
} from './generated/enums/storage.js';

/** A failure answer of the Storage API: `body` is `StorageError` for 400 and undefined for 401 and 500 (no body). */
export class StorageApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'StorageApiError';
  readonly area = 'storage';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    'storage': StorageApiError<Status, Body>;
  }
}

export type { StorageClientOptions, StorageClient };

/**
 * A client for the Storage API: list storage zones together with the pull zones connected to them. The base URL is `baseUrl`, else the
 * environment variable `PLATFORM_API_BASE_URL`; int64 fields are numbers unless `int64: 'bigint'`.
 */
export const createStorageClient = defineClientArea({
  area: 'storage',
  factory: 'createStorageClient',
  baseUrlEnv: 'PLATFORM_API_BASE_URL',
  Error: StorageApiError,
  pagination,
  exactJson: () => import('./generated/int64/storage.js'),
}) as <ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(options: StorageClientOptions<ThrowOnError, Int64>) => StorageClient<ThrowOnError, Int64>;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {
    readonly storage: StorageClient<ThrowOnError, Int64>;
  }
}

/** The `storage` property of createPlatformClient, on its `apiBaseUrl` (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'storage'> = { storage: (context) => createStorageClient(context.on('apiBaseUrl')) };
