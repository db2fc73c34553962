// ajv-formats' date-time check (full mode, RFC 3339), decided at once for the form nearly every
// answer holds: toISOString's `2030-01-01T00:00:00.000Z` (the check was about 40 % of a created
// video's validation: a split on a regular expression, then two more). Any other text goes to
// ajv-formats' own check, so what is valid is unchanged (test/mock/engine/date-time.test.ts
// compares the two on generated texts).

/** A format as ajv-formats defines it: a check and an order. */
export interface DateTimeFormat {
  validate: (text: string) => boolean;
  compare: (a: string, b: string) => number | undefined;
}

/** ajv-formats' date-time format, with toISOString's form decided without it. */
export function fasterDateTime(format: DateTimeFormat): DateTimeFormat {
  const full = format.validate;
  /** The text found valid last: answers made in the same millisecond carry the same (isoTime gives the same string). */
  let lastValid = '';
  const validate = (text: string) => {
    if (text === lastValid) return true;
    if (!isCanonicalDateTime(text) && !full(text)) return false;
    lastValid = text;
    return true;
  };
  return { validate, compare: format.compare };
}

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two ASCII digits at `at` as a number, or -1. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const units = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

/**
 * Whether a text is a valid date-time of the form `YYYY-MM-DDTHH:MM:SS[.digits]Z`: a real
 * calendar day, hours 00-23, minutes and seconds 00-59. False means only "not of this form":
 * ajv-formats decides the rest (other offsets, a lower-case t or z, leap seconds, invalid texts).
 */
export function isCanonicalDateTime(text: string): boolean {
  const n = text.length;
  if (n < 20 || text.charCodeAt(n - 1) !== 90 /* Z */) return false;
  // - at 4 and 7, T at 10, : at 13 and 16
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58)
    return false;
  if (n > 20) {
    // a fraction: a dot and at least one digit
    if (n === 21 || text.charCodeAt(19) !== 46) return false;
    for (let i = 20; i < n - 1; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return false;
    }
  }
  const century = twoDigits(text, 0);
  const yearOfCentury = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if (century < 0 || yearOfCentury < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const year = century * 100 + yearOfCentury;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month]!);
}

/** The second whose text `isoTime` holds, that text up to the dot (`YYYY-MM-DDTHH:MM:SS.`), and its milliseconds' whole texts written so far. */
let heldSecond = Number.NaN;
let heldText = '';
let heldTimes: (string | undefined)[] = new Array(1000);

/**
 * `new Date(ms).toISOString()`, the date and time to the second written once per second (V8's
 * toISOString formats through printf, about 0.5 µs: a created video's timestamp). A time that is
 * not a whole ms, or outside years 0000 to 9999, is written by toISOString itself.
 */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  const milliseconds = ms - second * 1000;
  if (second === heldSecond && Number.isInteger(ms))
    // Joined (one flat string, where a template literal makes a rope that each later read flattens), once per millisecond.
    return (heldTimes[milliseconds] ??= [heldText, milliseconds < 10 ? '00' : milliseconds < 100 ? '0' : '', milliseconds, 'Z'].join(''));
  const text = new Date(ms).toISOString();
  if (text.length === 24 && Number.isInteger(ms)) {
    heldSecond = second;
    heldText = text.slice(0, 20);
    heldTimes = new Array(1000);
  }
  return text;
}
