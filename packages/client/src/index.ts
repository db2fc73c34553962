export { ClientConfigError } from './internal/options.js';
export type { AccessKeyClientOptions } from './internal/access-key-client.js';
export { createVideoClient, type VideoClient, type VideoClientOptions } from './video.js';
export type * as Video from './generated/video.js';
