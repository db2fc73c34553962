/**
 * Generated from the contracts' servers by `pnpm generate`. Do not edit: each option is a server
 * variable that is a whole base URL (`{api_base_url}`), with the areas served there.
 */

/** createPlatformClient's base URL options: each defaults to its environment variable. */
export interface BaseUrlOptions {
  /** Base URL of the general management API, written `{api_base_url}` in the specification (containers, dns, shield and storage). Default: `PLATFORM_API_BASE_URL`. */
  apiBaseUrl?: string;
  /** Base URL of the video API, written `{video_base_url}` in the specification (video). Default: `PLATFORM_VIDEO_BASE_URL`. */
  videoBaseUrl?: string;
}

/** Each base URL option's environment variable. */
export const BASE_URL_ENV = { apiBaseUrl: 'PLATFORM_API_BASE_URL', videoBaseUrl: 'PLATFORM_VIDEO_BASE_URL' } as const;

export type BaseUrlOption = keyof typeof BASE_URL_ENV;
