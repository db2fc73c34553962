import type { Client } from 'openapi-fetch';
import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import type { paths } from './generated/video.js';

export type * from './generated/video.js';
export type VideoClientOptions = AccessKeyClientOptions;
export type VideoClient = Client<paths>;

/** A client for the video API: videos and collections of a video library. */
export function createVideoClient(options: VideoClientOptions): VideoClient {
  return createAccessKeyClient<paths>('createVideoClient', options);
}
