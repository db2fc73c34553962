// The registry of areas, for the types of their calls: each area's module adds its error class
// (and its paged operations) here with `declare module`, so this file imports no area and an
// area's subpath carries only its own entry.

/** Each area's error class, by area name: `video: VideoApiError<Status, Body>`. */
// biome-ignore lint/suspicious/noEmptyInterface: each area's module fills it (declare module); a type alias could not be merged
// biome-ignore lint/correctness/noUnusedVariables: the parameters are the areas' entries' (`VideoApiError<Status, Body>`)
export interface AreaErrors<Status extends number, Body> {}

/** What an area registers its error class under: its area name (or `databaseTokens`, the database's management calls). */
export type AreaErrorKey = keyof AreaErrors<number, unknown>;
