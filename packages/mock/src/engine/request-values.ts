// What an area's handlers read of a request the engine validated (query values, exact integers),
// and violations as one line for an area's own error bodies.
import type { Violation } from './area.ts';
import { exactInteger } from './exact-json.ts';

/** Violations as one readable line: `body.title: must NOT have fewer than 1 characters; ...`. */
export function describeViolations(violations: Violation[]): string {
  return violations.map((v) => (v.location.length ? `${v.location.join('.')}: ${v.message}` : v.message)).join('; ');
}

/**
 * A query parameter's first value. Prism lets an empty value (`?perPage=`) through as if the
 * parameter were absent, so an empty value is absent here too.
 */
export function queryValue<Query extends object>(request: { query: Query }, name: keyof Query & string): string | undefined {
  const value = (request.query as Record<string, string | string[] | undefined>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === '' ? undefined : first;
}

/**
 * A path parameter already validated as an integer, exactly: a number, or a bigint beyond 2^53
 * (an int64 ID such as 9223372036854775807 is answered with the same digits).
 */
export function integerParam<Params extends object>(request: { params: Params }, name: keyof Params & string): number | bigint {
  return exactInteger((request.params as Record<string, string | undefined>)[name] ?? '');
}

/** A query parameter already validated as an integer, exactly (see integerParam), or the fallback when absent. */
export function exactIntegerQuery<Query extends object>(request: { query: Query }, name: keyof Query & string, fallback: number): number | bigint {
  const value = queryValue(request, name);
  return value === undefined ? fallback : exactInteger(value);
}

/** A query parameter already validated as an integer, or the fallback when absent. */
export function integerQuery<Query extends object>(request: { query: Query }, name: keyof Query & string, fallback: number): number {
  const value = queryValue(request, name);
  return value === undefined ? fallback : Number(value);
}
