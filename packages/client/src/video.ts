import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import { PlatformApiError } from './internal/errors.js';
import { walkPages } from './internal/paging.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type { Collection, paths } from '@platform/contracts/video';

export type * from '@platform/contracts/video';
export * from './internal/public.js';
export { aggregateSmartGenerateStatus, IssueCodes, Severity, SmartGenerateStatus, VideoModelStatus } from './internal/video-domain.js';
export type VideoClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type VideoClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'video', ThrowOnError>;

/** A failure answer of the video API: `body` is the StatusModel for 400, and undefined for 401, 403, 404 and 500 (no body). */
export class VideoApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'VideoApiError';
  readonly area = 'video';
}

/**
 * A client for the video API: videos and collections of a video library. The base URL is
 * `baseUrl`, else the environment variable `PLATFORM_VIDEO_BASE_URL`.
 */
export function createVideoClient<ThrowOnError extends boolean = false>(options: VideoClientOptions<ThrowOnError>): VideoClient<ThrowOnError> {
  return createAccessKeyClient<paths, 'video', ThrowOnError>(
    { area: 'video', factory: 'createVideoClient', baseUrlEnv: 'PLATFORM_VIDEO_BASE_URL', createError: (init) => new VideoApiError(init) },
    options,
  );
}

export interface ListAllCollectionsOptions {
  /** Collections fetched per request. Default: the service's (100). */
  itemsPerPage?: number;
  /** Only collections whose name contains this text. */
  search?: string;
  /** Field the collections are ordered by. */
  orderBy?: string;
  /** Fill in `previewImageUrls`. */
  includeThumbnails?: boolean;
}

/**
 * Every collection of a library, fetched page by page until `totalItems` have come. Throws the
 * call's `VideoApiError` when a page cannot be read.
 *
 * ```ts
 * for await (const collection of listAllCollections(video, 42)) console.log(collection.name);
 * ```
 */
export function listAllCollections(
  client: VideoClient<boolean>,
  libraryId: number,
  query: ListAllCollectionsOptions = {},
): AsyncGenerator<Collection, void, undefined> {
  let seen = 0;
  return walkPages(async (page) => {
    const { data, failure } = await client.GET('/library/{libraryId}/collections', { params: { path: { libraryId }, query: { ...query, page } } });
    if (failure) throw failure;
    seen += data.items.length;
    return { items: data.items, last: seen >= data.totalItems };
  });
}
