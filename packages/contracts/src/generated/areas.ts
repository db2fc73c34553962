/**
 * Generated from the folders under openapi/ that hold an openapi.yaml by `pnpm generate`. Do not edit:
 * add or remove such a folder and run `pnpm bundle && pnpm generate` instead.
 */

/** Every area of the platform API: one folder under openapi/ each. */
export const AREAS = ["containers","database","dns","shield","storage","video"] as const;

export type AreaName = (typeof AREAS)[number];
