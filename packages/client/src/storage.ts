import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import { enumeration } from './internal/enums.js';
import { PlatformApiError } from './internal/errors.js';
import { walkPages } from './internal/paging.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type * as Storage from '@platform/contracts/storage';
import type { StorageError, StorageZone, StorageZonePage, paths } from '@platform/contracts/storage';

export type * from '@platform/contracts/storage';
export * from './internal/public.js';
export type StorageClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type StorageClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'storage', ThrowOnError>;

/** A failure answer of the storage API: `body` is the StorageError for 400, and undefined for 401 and 500 (no body). */
export class StorageApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'StorageApiError';
  readonly area = 'storage';
}

/** A client for the storage API (part of the general management API): storage zones and their pull zones. */
export function createStorageClient<ThrowOnError extends boolean = false>(options: StorageClientOptions<ThrowOnError>): StorageClient<ThrowOnError> {
  return createAccessKeyClient<paths, 'storage', ThrowOnError>(
    { area: 'storage', factory: 'createStorageClient', baseUrlEnv: 'PLATFORM_API_BASE_URL', createError: (init) => new StorageApiError(init) },
    options,
  );
}

/** Tier storing a zone's data. */
export const ZoneTier = enumeration<Storage.ZoneTier>()({ Standard: 0, Edge: 1 });
export type ZoneTier = Storage.ZoneTier;
/** S3 support of a zone. */
export const StorageZoneType = enumeration<Storage.StorageZoneType>()({ NotSupported: 0, Supported: 1 });
export type StorageZoneType = Storage.StorageZoneType;

export interface ListAllStorageZonesOptions {
  /** Storage zones fetched per request, 5 to 1000. Default 1000. */
  perPage?: number;
  /** Only zones whose name contains this text. */
  search?: string;
  /** List deleted zones too. Default false. */
  includeDeleted?: boolean;
}

/** A storage zone listing answered with something other than a page of zones. */
export class StorageListError extends Error {
  override name = 'StorageListError';
  constructor(
    /** HTTP status of the answer. */
    readonly status: number,
    /** The page that was asked for. */
    readonly page: number,
    /** The error body, when the answer had one (it holds no secrets). */
    readonly body?: StorageError,
  ) {
    super(`listing storage zones failed at page ${page} with status ${status}${body?.Message ? `: ${body.Message}` : ''}`);
  }
}

/**
 * Every storage zone, fetched page by page (`page` 1, 2, ... with `perPage` zones each) until
 * the service says there are no more. Throws a `StorageListError` when a page cannot be read.
 *
 * ```ts
 * for await (const zone of listAllStorageZones(client, { search: 'media' })) console.log(zone.Name);
 * ```
 */
export function listAllStorageZones(
  client: StorageClient<boolean>,
  { perPage, search, includeDeleted }: ListAllStorageZonesOptions = {},
): AsyncGenerator<StorageZone, void, undefined> {
  return walkPages(async (page) => {
    const current = await fetchPage(client, { page, perPage, search, includeDeleted });
    return { items: current.Items, last: !current.HasMoreItems };
  });
}

async function fetchPage(client: StorageClient<boolean>, query: ListAllStorageZonesOptions & { page: number }): Promise<StorageZonePage> {
  const result = await client.GET('/storagezone', { params: { query } }).catch((error: unknown) => {
    if (error instanceof StorageApiError) return { data: undefined, failure: error }; // a client made with throwOnError
    throw error;
  });
  const { failure } = result;
  if (failure) throw new StorageListError(failure.status, query.page, failure.status === 400 ? (failure.body as StorageError) : undefined);
  if (Array.isArray(result.data)) throw new StorageListError(200, query.page); // page > 0 always answers the envelope
  return result.data!;
}
