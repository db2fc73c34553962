// The registry of createPlatformClient's properties: each area's module adds its properties'
// types here with `declare module` and exports `platformProperties`, their factories; the
// generated list (src/generated/platform-properties.ts) gathers those, so platform.ts names no area.
import type { BaseUrlOption } from '../generated/base-urls.js';
import type { AccessKeyClientOptions } from './area.js';
import type { Int64Mode } from './int64.js';
import type { PlatformClientOptions } from './platform-options.js';

/** Each property of createPlatformClient's result, by name: `dns: DnsClient<ThrowOnError, Int64>`. */
// biome-ignore lint/suspicious/noEmptyInterface: each area's module fills it (declare module); a type alias could not be merged
// biome-ignore lint/correctness/noUnusedVariables: the parameters are the areas' entries' (`DnsClient<ThrowOnError, Int64>`)
export interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {}

/** What an area's property is made from: createPlatformClient's options, read when the property is first used. */
export interface PlatformContext {
  /** The options of an area's client on one of createPlatformClient's base URLs (`apiBaseUrl`, else `PLATFORM_API_BASE_URL`). */
  on(option: BaseUrlOption): AccessKeyClientOptions<boolean, Int64Mode>;
  /** createPlatformClient's options as given. */
  readonly options: PlatformClientOptions<boolean, Int64Mode>;
}

/** An area module's `platformProperties`: a factory per property it adds to PlatformAreas. */
export type PlatformProperties<Name extends keyof PlatformAreas<boolean, Int64Mode>> = {
  readonly [Key in Name]: (context: PlatformContext) => PlatformAreas<boolean, Int64Mode>[Key];
};
