// The registry of createPlatformClient's properties: each area's module adds its properties'
// types here with `declare module` and exports `platformProperties`, their factories; the
// generated list (src/generated/platform-properties.ts) gathers those, so platform.ts names no area.
import type { PlatformClientOptions } from '../platform.js';
import type { AccessKeyClientOptions } from './area.js';

/** Each property of createPlatformClient's result, by name: `dns: DnsClient<ThrowOnError>`. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-interface
export interface PlatformAreas<ThrowOnError extends boolean> {}

/** What an area's property is made from: createPlatformClient's options, read when the property is first used. */
export interface PlatformContext {
  /** The options of an area on the general management API (`apiBaseUrl`, else `PLATFORM_API_BASE_URL`). */
  api(): AccessKeyClientOptions<boolean>;
  /** The options of an area on the video API (`videoBaseUrl`, else `PLATFORM_VIDEO_BASE_URL`). */
  video(): AccessKeyClientOptions<boolean>;
  /** createPlatformClient's options as given. */
  readonly options: PlatformClientOptions<boolean>;
}

/** An area module's `platformProperties`: a factory per property it adds to PlatformAreas. */
export type PlatformProperties<Name extends keyof PlatformAreas<boolean>> = { readonly [Key in Name]: (context: PlatformContext) => PlatformAreas<boolean>[Key] };
