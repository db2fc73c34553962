// int64 fields (`format: int64`: IDs, counters, sizes) as a client reads them: `number` by default,
// which holds every value up to 2^53 exactly; an answer holding a larger integer is refused with
// a clear error rather than rounded. A client made with `int64: 'bigint'` reads every int64 field
// as a bigint with its exact digits instead (internal/exact-int64.ts, loaded only by such a client).

/** How a client types and reads int64 fields: `number` (the default) or `bigint`. */
export type Int64Mode = 'number' | 'bigint';
/** The type of an int64 field in a mode. */
export type Int64Of<Mode> = Mode extends 'bigint' ? bigint : number;

/** A run of 16 digits: any integer beyond 2^53 has one, and most answers have none. */
const LONG_DIGITS = /\d{16}/;

/**
 * JSON.parse for a client in `number` mode: an answer holding an integer that a number cannot
 * hold exactly (beyond ±(2^53 - 1)) is refused with a RangeError naming it, never rounded. Only
 * an answer with a long run of digits is looked through (int64-check.ts, loaded then).
 */
export function parseJsonNumbers(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return LONG_DIGITS.test(text) ? (check ??= import('./int64-check.js')).then(({ refuseInexactIntegers }) => (refuseInexactIntegers(text), value)) : value;
}
let check: Promise<typeof import('./int64-check.js')> | undefined;
