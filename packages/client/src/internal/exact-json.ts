// JSON without a double in the way, for int64 fields: an integer beyond 2^53 is read as a bigint
// with its exact digits (a number would round it), and a bigint is written as its digits. Every
// other number is a plain number. The types say so: int64 fields are `number | bigint`.
import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';

/** A run of digits as long as 2^53's: below it JSON.parse is exact, and faster. */
const LONG_DIGITS = /\d{16}/;

const exactNumber = (text: string): number | bigint => (isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text));

/** JSON.parse, with integers beyond 2^53 as bigint (and, as JSON.parse, the last of duplicate keys). */
export function parseExactJson(text: string): unknown {
  return LONG_DIGITS.test(text) ? parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue }) : JSON.parse(text);
}

/** JSON.stringify, with bigints written as exact integers. */
export function stringifyExactJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // JSON.stringify refuses a bigint; lossless-json writes its digits.
    if (error instanceof TypeError && /BigInt/i.test(error.message)) return stringify(value) ?? 'null';
    throw error;
  }
}
