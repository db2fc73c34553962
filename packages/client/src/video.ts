/**
 * Generated from openapi/video/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/video.ts) and run `pnpm bundle && pnpm generate`.
 */

import { defineClientArea } from './internal/area.js';
import { PlatformApiError } from './internal/api-error.js';
import type { Int64Mode } from './internal/int64.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { pagination, type VideoClient, type VideoClientOptions } from './generated/client-types/video.js';

export type * from '@platform-contracts/contracts/video';
export * from './internal/public.js';
export {
  VideoModelStatus,
  Severity,
  IssueCodes,
  SmartGenerateStatus,
} from './generated/enums/video.js';
export {
  aggregateSmartGenerateStatus,
} from './domain/video.js';

/** A failure answer of the Video API: `body` is `StatusModel` for 400 and undefined for 401, 403, 404 and 500 (no body). */
export class VideoApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'VideoApiError';
  readonly area = 'video';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    'video': VideoApiError<Status, Body>;
  }
}

export type { VideoClientOptions, VideoClient };

/**
 * A client for the Video API: create videos in a video library and manage the library's collections. The base URL is `baseUrl`, else the
 * environment variable `PLATFORM_VIDEO_BASE_URL`; int64 fields are numbers unless `int64: 'bigint'`.
 */
export const createVideoClient = defineClientArea({
  area: 'video',
  factory: 'createVideoClient',
  baseUrlEnv: 'PLATFORM_VIDEO_BASE_URL',
  Error: VideoApiError,
  pagination,
  exactJson: () => import('./generated/int64/video.js'),
}) as <ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(options: VideoClientOptions<ThrowOnError, Int64>) => VideoClient<ThrowOnError, Int64>;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {
    readonly video: VideoClient<ThrowOnError, Int64>;
  }
}

/** The `video` property of createPlatformClient, on its `videoBaseUrl` (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'video'> = { video: (context) => createVideoClient(context.on('videoBaseUrl')) };
