import { type AccessKeyClientOptions, defineClientArea } from './internal/area.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { enumeration } from './internal/enums.js';
import { PlatformApiError } from './internal/errors.js';
import type { PaginationTable } from './internal/paging.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type * as Storage from '@platform-contracts/contracts/storage';
import type { paths } from '@platform-contracts/contracts/storage';

export type * from '@platform-contracts/contracts/storage';
export * from './internal/public.js';

/** A failure answer of the storage API: `body` is the StorageError for 400, and undefined for 401 and 500 (no body). */
export class StorageApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'StorageApiError';
  readonly area = 'storage';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    storage: StorageApiError<Status, Body>;
  }
}

/** The storage contract's `x-pagination` (checked against it by the tests). Page 0 answers every zone as a plain array, so paging starts at 1. */
const pagination = {
  '/storagezone': { page: 'page', size: 'perPage', firstPage: 1, items: '/Items', currentPage: '/CurrentPage', totalItems: '/TotalItems', hasMore: '/HasMoreItems' },
} as const satisfies PaginationTable;

export type StorageClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type StorageClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'storage', ThrowOnError, typeof pagination>;

/** A client for the storage API (part of the general management API): storage zones and their pull zones. */
export const createStorageClient: <ThrowOnError extends boolean = false>(options: StorageClientOptions<ThrowOnError>) => StorageClient<ThrowOnError> = defineClientArea<
  paths,
  'storage',
  typeof pagination
>({ area: 'storage', factory: 'createStorageClient', baseUrlEnv: 'PLATFORM_API_BASE_URL', Error: StorageApiError, pagination });

/** Tier storing a zone's data. */
export const ZoneTier = enumeration<Storage.ZoneTier>()({ Standard: 0, Edge: 1 });
export type ZoneTier = Storage.ZoneTier;
/** S3 support of a zone. */
export const StorageZoneType = enumeration<Storage.StorageZoneType>()({ NotSupported: 0, Supported: 1 });
export type StorageZoneType = Storage.StorageZoneType;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean> {
    readonly storage: StorageClient<ThrowOnError>;
  }
}

/** The `storage` property of createPlatformClient (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'storage'> = { storage: (context) => createStorageClient(context.api()) };
