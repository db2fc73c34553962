// One paging mechanism for every listing, driven by the contract: each paged operation's
// `x-pagination` (openapi/EXTENSIONS.md) names its page and size parameters and where its answer
// keeps the items and the end of the listing; `paginate` reads it and walks the pages.
import type { FetchResponse } from 'openapi-fetch';
import { PlatformPaginationError } from './errors.js';
import type { PageDescriptor, PaginationTable } from './pagination-table.js';
import type { InitOf, InitParam, OperationOf, PathsWith, PlatformHttpClient } from './typed-client.js';

export type { PageDescriptor, PaginationTable } from './pagination-table.js';

type PageData<Paths, Path> = NonNullable<FetchResponse<OperationOf<Paths, Path, 'get'> & Record<string | number, any>, {}, `${string}/${string}`>['data']>;
type ItemsKey<Descriptor> = Descriptor extends { items: `/${infer Key}` } ? Key : never;
/** The type of the items `paginate` gives for a path. */
export type PageItem<Paths, Path, Descriptor> = Extract<
  PageData<Paths, Path>,
  { [K in ItemsKey<Descriptor>]: readonly unknown[] }
>[ItemsKey<Descriptor>][number];

export interface PageOptions {
  /** Stop after this many items. */
  limit?: number;
}

type Pages = {
  readonly pagination: PaginationTable;
  readonly GET: (path: string, init?: Record<string, unknown>) => Promise<{ data?: unknown; failure?: unknown }>;
};

/**
 * Every item of a paged listing, page after page, as an async iterator (like stripe-node's
 * auto-paging and Octokit's `paginate.iterator`). The init is the GET's own (`params`, `signal`,
 * `timeoutMs`, ...; a `page` in the query is the first page read) plus `limit`.
 *
 * It stops at the last page (by the answer's total, page count or has-more flag), at an empty
 * page and at `limit`. A failed page throws the area's error. A service that answers a page twice
 * or a page other than the one asked for (it ignores the page parameter) ends the walk with a
 * `PlatformPaginationError` instead of looping forever.
 *
 * ```ts
 * for await (const zone of paginate(platform.shield, '/shield/shield-zones', { params: { query: { perPage: 100 } }, limit: 500 })) console.log(zone.shieldZoneId);
 * ```
 */
export const paginate: <
  Paths extends {},
  Paged extends PaginationTable,
  Path extends keyof Paged & PathsWith<Paths, 'get'>,
  Init extends InitOf<Paths, Path, 'get'> & PageOptions,
>(
  client: PlatformHttpClient<Paths, any, any, Paged>,
  path: Path,
  ...init: InitParam<Init, InitOf<Paths, Path, 'get'> & PageOptions, Path>
) => AsyncGenerator<PageItem<Paths, Path, Paged[Path]>, void, undefined> = walk as never;
async function* walk(client: Pages, path: string, init: Record<string, unknown> & PageOptions = {}): AsyncGenerator<any, void, undefined> {
  const descriptor = client.pagination[path];
  if (!descriptor) throw new TypeError(`GET ${path} is not a paged operation of this area`);
  const { limit = Infinity, ...options } = init;
  const params = (options.params ?? {}) as { query?: Record<string, unknown> };
  const signal = options.signal as AbortSignal | undefined;
  const first = Number(params.query?.[descriptor.page] ?? descriptor.firstPage ?? 1);
  let given = 0;
  let read = 0;
  let previous: string | undefined;
  for (let page = first; given < limit; page++) {
    signal?.throwIfAborted();
    const { data, failure } = await client.GET(path, { ...options, params: { ...params, query: { ...params.query, [descriptor.page]: page } } });
    if (failure) throw failure;
    const stop = (reason: PlatformPaginationError['reason'], detail: string) => new PlatformPaginationError(reason, 'GET', path, page, detail);
    const items = at(data, descriptor.items);
    if (!Array.isArray(items)) throw stop('not-a-page', `the answer has no list of items at ${descriptor.items}`);
    const current = descriptor.currentPage === undefined ? undefined : at(data, descriptor.currentPage);
    if (typeof current === 'number' && current !== page) throw stop('no-progress', `the service answered page ${current} (it ignores "${descriptor.page}")`);
    const fingerprint = JSON.stringify(items, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item));
    if (items.length > 0 && fingerprint === previous)
      throw stop('repeated-page', `the service answered the items of page ${page - 1} again (it ignores "${descriptor.page}")`);
    previous = fingerprint;
    for (const item of items) {
      if (given >= limit) return;
      given++;
      yield item;
    }
    read += items.length;
    if (items.length === 0 || isLast(data, descriptor, page - (descriptor.firstPage ?? 1) + 1, read)) return;
  }
}

/** Whether the answer says no page follows: by its has-more flag, page count or total. */
function isLast(data: unknown, descriptor: PageDescriptor, pagesRead: number, itemsRead: number): boolean {
  if (descriptor.hasMore !== undefined && at(data, descriptor.hasMore) === false) return true;
  const totalPages = descriptor.totalPages === undefined ? undefined : at(data, descriptor.totalPages);
  if (typeof totalPages === 'number' && pagesRead >= totalPages) return true;
  const totalItems = descriptor.totalItems === undefined ? undefined : at(data, descriptor.totalItems);
  return typeof totalItems === 'number' && itemsRead >= totalItems;
}

/** The value at a JSON pointer (`/page/totalPages`); an int64 read as a bigint (`int64: 'bigint'`) as a number. */
function at(value: unknown, pointer: string): unknown {
  for (const part of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return typeof value === 'bigint' ? Number(value) : value;
}
