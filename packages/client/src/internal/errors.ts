// The errors a call can end with: an answer with a failure status (one subclass per area, with
// the area's error body typed by status), no usable answer at all (network, timeout), or a
// listing the service pages wrongly. None of them holds the request, its headers or the
// client's options, and everything they keep from the server or the network (body, request
// ID, cause) is redacted first, so no secret reaches a message, `toString()`, `util.inspect`
// or `JSON.stringify` (redaction.ts). A call makes them in failure.ts, which it loads on its first
// failure. The failure answer's error, PlatformApiError, is in api-error.ts: loaded up front.

import type { CallInfo } from './api-error.js';

/** The call got no usable answer: the network failed, or the answer could not be read. */
export class PlatformRequestError extends Error {
  override name = 'PlatformRequestError';
  // Declared only (the constructor sets them): no class field code in the chunk loaded up front.
  declare readonly method: string;
  declare readonly path: string;

  constructor({ method, path }: CallInfo, reason: string, options?: { cause?: unknown }) {
    super(`${method} ${path} failed: ${reason}`, options);
    this.method = method;
    this.path = path;
  }

  toJSON() {
    return { name: this.name, method: this.method, path: this.path, message: this.message };
  }
}

/** The call took longer than its `timeoutMs`, retries and waits between them included. */
export class PlatformTimeoutError extends PlatformRequestError {
  override name = 'PlatformTimeoutError';
  constructor(
    request: CallInfo,
    readonly timeoutMs: number,
  ) {
    super(request, `no answer within ${timeoutMs} ms`);
  }
}

/** Why `paginate` stopped a listing the service pages wrongly. */
export type PaginationStop = 'repeated-page' | 'no-progress' | 'not-a-page';

/**
 * `paginate` stopped because the service answered a page it had answered before (it ignores the
 * page parameter), a page other than the one asked for, or something that is not a page.
 * The items of the pages before were already given out.
 */
export class PlatformPaginationError extends Error {
  override name = 'PlatformPaginationError';
  constructor(
    readonly reason: PaginationStop,
    readonly method: string,
    readonly path: string,
    /** The page asked for when the walk stopped. */
    readonly page: number,
    detail: string,
  ) {
    super(`${method} ${path}: stopped paging at page ${page}: ${detail}`);
  }
}
