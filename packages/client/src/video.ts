import { type AccessKeyClientOptions, defineClientArea } from './internal/area.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { PlatformApiError } from './internal/errors.js';
import type { PaginationTable } from './internal/paging.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type { paths } from '@platform-contracts/contracts/video';

export type * from '@platform-contracts/contracts/video';
export * from './internal/public.js';
export { aggregateSmartGenerateStatus, IssueCodes, Severity, SmartGenerateStatus, VideoModelStatus } from './internal/video-domain.js';

/** A failure answer of the video API: `body` is the StatusModel for 400, and undefined for 401, 403, 404 and 500 (no body). */
export class VideoApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'VideoApiError';
  readonly area = 'video';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    video: VideoApiError<Status, Body>;
  }
}

/** The video contract's `x-pagination` (checked against it by the tests). */
const pagination = {
  '/library/{libraryId}/collections': { page: 'page', size: 'itemsPerPage', items: '/items', totalItems: '/totalItems', currentPage: '/currentPage' },
} as const satisfies PaginationTable;

export type VideoClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type VideoClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'video', ThrowOnError, typeof pagination>;

/**
 * A client for the video API: videos and collections of a video library. The base URL is
 * `baseUrl`, else the environment variable `PLATFORM_VIDEO_BASE_URL`.
 */
export const createVideoClient: <ThrowOnError extends boolean = false>(options: VideoClientOptions<ThrowOnError>) => VideoClient<ThrowOnError> = defineClientArea<
  paths,
  'video',
  typeof pagination
>({ area: 'video', factory: 'createVideoClient', baseUrlEnv: 'PLATFORM_VIDEO_BASE_URL', Error: VideoApiError, pagination });

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean> {
    readonly video: VideoClient<ThrowOnError>;
  }
}

/** The `video` property of createPlatformClient, on the video API's base URL (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'video'> = { video: (context) => createVideoClient(context.video()) };
