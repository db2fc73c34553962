// The platform's JSON read and written without passing a number through a double, for int64
// fields: an integer beyond 2^53 is read as a bigint with its exact digits (a number would round
// it), and a bigint is written as its digits (lossless-json does both). Every other number is a
// plain number. The client and the mock both read and write the API's JSON this way; this entry
// (`@platform-contracts/contracts/exact-json`) imports nothing of Node, so browser bundles take it.
import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';

/** A run of digits as long as 2^53's: below it every JSON number is exact as a double. */
const LONG_DIGITS = /\d{16}/;

/** A number as JSON gives it: a JavaScript number when it is exact, a bigint for a larger integer. */
export function exactNumber(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/** Whether JSON text can give a bigint when parsed: without a long number it cannot (no need to look through the value). */
export const mayHoldBigint = (text: string): boolean => LONG_DIGITS.test(text);

/**
 * JSON.parse, with integers beyond 2^53 as bigint (and, as JSON.parse, the last of duplicate
 * keys). Throws a SyntaxError on text that is not JSON. Text without a long number is
 * JSON.parse's (native, faster, and not bounded by the stack's depth).
 */
export function parseExactJson(text: string): unknown {
  return mayHoldBigint(text) ? parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue }) : JSON.parse(text);
}

/** JSON.stringify, with bigints written as exact integers. */
export function stringifyExactJson(value: unknown): string {
  return jsonTextOf(value).text;
}

/**
 * The JSON text of a value, and whether it holds a bigint: JSON.stringify refuses one (and costs
 * nothing extra when there is none), then lossless-json writes its digits.
 */
export function jsonTextOf(value: unknown): { text: string; holdsBigint: boolean } {
  try {
    return { text: JSON.stringify(value), holdsBigint: false };
  } catch (error) {
    if (error instanceof TypeError && /BigInt/i.test(error.message)) return { text: stringify(value) ?? 'null', holdsBigint: true };
    throw error;
  }
}
