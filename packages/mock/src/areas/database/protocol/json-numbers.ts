// Numbers written as JSON text straight into bytes, exactly as JSON.stringify writes them, where that
// is quick to do without a string: the rows' writer's (sql/wasm/json-rows.ts) integers and most floats.
// Each returns the offset after what it wrote; the caller makes room first (24 bytes at most).

/** Integers below this in magnitude are exact as a double. */
export const EXACT = 2 ** 53;
/** Floats below this in magnitude are written by writeShortFloat when they have at most 6 decimals. */
const SHORT_BELOW = 2 ** 31;
const INT32_MAX = 0x7fffffff;

/** An integer's decimal digits (|value| < 2^53). */
export function writeInteger(out: Uint8Array, at: number, value: number): number {
  if (value < 0) {
    out[at++] = 0x2d;
    value = -value;
  }
  return value <= INT32_MAX ? writeDigits(out, at, value | 0) : writeLargeDigits(out, at, value);
}

/** The digits of 0 <= value < 2^31, in int32 arithmetic: a float's `%` is a call into C, several times the whole of this. */
function writeDigits(out: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
  for (let place = at + digits - 1; place >= at; place--) {
    const next = (value / 10) | 0;
    out[place] = 0x30 + value - next * 10;
    value = next;
  }
  return at + digits;
}

/** The digits of 2^31 <= value < 2^53. */
function writeLargeDigits(out: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let place = at + digits - 1; place >= at; place--) {
    out[place] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
  return at + digits;
}

/**
 * A float as Number's toString (and so JSON.stringify) writes it, where that is a short decimal: an
 * integer below 2^53 (-0 as 0), or below 2^31 with at most 6 digits after the point. Its digits n
 * over 10^k are the float exactly when n / 10^k gives it back (n and 10^k exact, the division
 * correctly rounded, as parsing is), and below 2^31 no other decimal of k digits does (an ulp is
 * under 10^-6), so the shortest decimal that reads back as the float, what toString writes, is that
 * one; n is Math.round of the float times 10^k (off by less than half). -1 otherwise, nothing written.
 */
export function writeShortFloat(out: Uint8Array, at: number, real: number): number {
  if (Number.isInteger(real)) return real <= -EXACT || real >= EXACT ? -1 : writeInteger(out, at, real === 0 ? 0 : real);
  const size = Math.abs(real);
  if (size >= SHORT_BELOW) return -1;
  for (let places = 1, scale = 10; places <= 6; places++, scale *= 10) {
    const digits = Math.round(size * scale);
    if (digits / scale !== size) continue;
    if (real < 0) out[at++] = 0x2d;
    const whole = Math.floor(digits / scale);
    at = writeInteger(out, at, whole);
    out[at++] = 0x2e;
    // The decimals, below scale (10^6 at most): int32 arithmetic, as writeDigits (digits - whole * scale is exact below 2^53).
    for (let place = places - 1, rest = (digits - whole * scale) | 0; place >= 0; place--) {
      const next = (rest / 10) | 0;
      out[at + place] = 0x30 + rest - next * 10;
      rest = next;
    }
    return at + places;
  }
  return -1;
}
