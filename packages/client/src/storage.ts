import type { Client } from 'openapi-fetch';
import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import type { StorageError, StorageZone, StorageZonePage, paths } from './generated/storage.js';

export type * from './generated/storage.js';
export type StorageClientOptions = AccessKeyClientOptions;
export type StorageClient = Client<paths>;

/** A client for the storage API (part of the general management API): storage zones and their pull zones. */
export function createStorageClient(options: StorageClientOptions): StorageClient {
  return createAccessKeyClient<paths>('createStorageClient', options);
}

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
export async function* listAllStorageZones(
  client: StorageClient,
  { perPage, search, includeDeleted }: ListAllStorageZonesOptions = {},
): AsyncGenerator<StorageZone, void, undefined> {
  for (let page = 1; ; page++) {
    const current = await fetchPage(client, { page, perPage, search, includeDeleted });
    yield* current.Items;
    // An empty page ends the listing too, so that a wrong HasMoreItems cannot loop forever.
    if (!current.HasMoreItems || current.Items.length === 0) return;
  }
}

async function fetchPage(client: StorageClient, query: ListAllStorageZonesOptions & { page: number }): Promise<StorageZonePage> {
  const { data, error, response } = await client.GET('/storagezone', { params: { query } });
  if (error !== undefined || data === undefined) throw new StorageListError(response.status, query.page, error);
  if (Array.isArray(data)) throw new StorageListError(response.status, query.page); // page > 0 always answers the envelope
  return data;
}
