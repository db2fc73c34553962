// int64 values up to 2^63 - 1 round-trip exactly: the platform's JSON is read and written by
// @platform-contracts/contracts/exact-json (integers beyond 2^53 as bigint, written back as the
// same digits), shared with the client. JSON Schema validators know no bigint, so they see a
// copy in which each bigint is a number on the right side of the int64 bounds (see
// `forValidation`), and ajv's int64 format (contract.ts) draws the line at 2^63.
import { exactNumber, jsonTextOf, mayHoldBigint, parseExactJson, stringifyExactJson } from '@platform-contracts/contracts/exact-json';

export { jsonTextOf, mayHoldBigint, parseExactJson, stringifyExactJson };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** The largest double below 2^63: where an in-range bigint beyond it is placed for validation. */
const LARGEST_DOUBLE_BELOW_2_63 = 2 ** 63 - 1024;

/** An integer's text (a path or query parameter) as the value JSON would give it. */
export function exactInteger(text: string): number | bigint {
  // At most 15 digits (after an optional minus): below 2^53, so exactly a number (no regular expressions run to decide it).
  if (isShortInteger(text)) return Number(text);
  return exactNumber(text.trim());
}

function isShortInteger(text: string): boolean {
  const start = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  if (text.length === start || text.length - start > 15) return false;
  for (let i = start; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
  }
  return true;
}

/**
 * A copy for a JSON Schema validator: each bigint becomes a number. One inside int64 stays inside
 * (2^63 - 1 would round up to 2^63 as a double), one outside stays outside, so that int64
 * bounds hold exactly; other bounds (int32, minimum, maximum) are far from the rounding.
 */
export function forValidation(value: unknown): unknown {
  if (!holdsBigint(value)) return value;
  // A copy made without recursion: answers can nest as deep as the request they echo.
  const copyOf = (item: unknown): unknown =>
    typeof item === 'bigint' ? validationNumber(item) : Array.isArray(item) ? [] : typeof item === 'object' && item !== null ? {} : item;
  const root = copyOf(value);
  const pending: [object, Record<string, unknown>][] = [[value as object, root as Record<string, unknown>]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, target] = next;
    for (const [key, item] of Object.entries(source)) {
      const copy = copyOf(item);
      Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
      if (typeof copy === 'object' && copy !== null) pending.push([item as object, copy as Record<string, unknown>]);
    }
  }
  return root;
}

/** Whether a bigint is anywhere in the value (without recursion). */
function holdsBigint(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'bigint') return true;
    if (typeof next === 'object' && next !== null) for (const item of Object.values(next)) pending.push(item);
  }
  return false;
}

/** The double a validator sees for an integer read exactly. */
export function validationNumber(value: bigint): number {
  // -2^63 - 1 would round up to -2^63: the next double below it stands for it.
  if (value < INT64_MIN) return Math.min(Number(value), -(2 ** 63) - 2048);
  if (value > INT64_MAX) return Number(value);
  return Math.max(-(2 ** 63), Math.min(LARGEST_DOUBLE_BELOW_2_63, Number(value)));
}
