// The look through an answer that `number` mode makes when the answer holds a long run of digits
// (int64.ts), loaded then.

/** A JSON string (skipped: digits in it are text) or a JSON number. */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Throws a RangeError naming the first integer of the JSON text beyond ±(2^53 - 1), which a number would round. */
export function refuseInexactIntegers(text: string): void {
  for (const [token] of text.matchAll(TOKENS)) {
    if (token[0] !== '"' && /^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) {
      throw new RangeError(
        `the answer holds the integer ${token}, outside ±(2^53 - 1): a number cannot hold it exactly (create the client with int64: 'bigint' to read int64 fields as bigint)`,
      );
    }
  }
}
