// What an area's paged operations are, as their `x-pagination` (openapi/EXTENSIONS.md) says: read
// by `paginate` (paging.ts), and carried by every client (typed-client.ts) for it.

/** An operation's `x-pagination`. Answer locations are JSON pointers (`/page/totalPages`). */
export interface PageDescriptor {
  /** Query parameter holding the page number. */
  readonly page: string;
  /** Query parameter holding the page size. */
  readonly size?: string;
  /** Number of the first page. Default 1. */
  readonly firstPage?: number;
  /** Where the answer keeps the page's items (an array). */
  readonly items: string;
  /** Where the answer says how many items there are over all pages. */
  readonly totalItems?: string;
  /** Where the answer says how many pages there are. */
  readonly totalPages?: string;
  /** Where the answer says which page it is. */
  readonly currentPage?: string;
  /** Where the answer says whether more pages follow (a boolean). */
  readonly hasMore?: string;
}

/** An area's paged operations, by path (all are GETs). */
export type PaginationTable = { readonly [path: string]: PageDescriptor };
