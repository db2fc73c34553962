/**
 * Generated from openapi/video/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/video.ts) and run `pnpm bundle && pnpm generate`.
 */

import type { AccessKeyClientOptions } from '../../internal/area.js';
import type { Int64Mode, Int64Of } from '../../internal/int64.js';
import type { PaginationTable } from '../../internal/pagination-table.js';
import type { PlatformHttpClient } from '../../internal/typed-client.js';
import type { paths } from '@platform-contracts/contracts/video';

/** How the Video API's listings page: each paged operation's `x-pagination`, read by `paginate`. */
export const pagination = {
  '/library/{libraryId}/collections': {
    page: 'page',
    size: 'itemsPerPage',
    items: '/items',
    totalItems: '/totalItems',
    currentPage: '/currentPage'
  }
} as const satisfies PaginationTable;

export type VideoClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> = AccessKeyClientOptions<ThrowOnError, Int64>;
export type VideoClient<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = PlatformHttpClient<paths<Int64Of<Int64>>, 'video', ThrowOnError, typeof pagination>;
