// A result's rows in Hrana's JSON, written as bytes straight from SQLite's cells while the statement
// steps: no value object per cell, no text decoded but where JSON needs it. Each cell is written
// exactly as JSON.stringify(toSqlValue(value)) writes the value `Sqlite.column()` reads
// (protocol/values.ts), and only through the four shapes below, `{"type":"null"}` or an integer's
// decimal text, a finite float, a text, a blob's base64: the contract's SqlValue shapes, so the rows
// need no reading back (sql/statements/json-outcome.ts). A text of printable ASCII, without `"` or
// `\`, is copied as it is; any other text (escapes, control characters, non-ASCII, invalid UTF-8)
// goes through the exact conversion: decoded as column() decodes it, written by JSON.stringify. A
// float JSON cannot carry is refused by toSqlValue itself, with its error.
import { toSqlValue } from '../../protocol/values.ts';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const NULL = ascii('{"type":"null"}');
const INTEGER = ascii('{"type":"integer","value":"');
const FLOAT = ascii('{"type":"float","value":');
const TEXT = ascii('{"type":"text","value":"');
const BLOB = ascii('{"type":"blob","base64":"');
const [COMMA, QUOTE, OPEN, CLOSE, BRACE] = [0x2c, 0x22, 0x5b, 0x5d, 0x7d];
const [SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB] = [1, 2, 3, 4];
/** Integers below this in magnitude are exact as a double. */
const EXACT = 2 ** 53;
/** Floats below this in magnitude are written by #shortFloat when they have at most 6 decimals. */
const SHORT_BELOW = 2 ** 31;
/** The decoder column() reads texts with (the same options: a leading BOM is dropped, invalid UTF-8 is U+FFFD). */
const UTF8 = new TextDecoder();
const START_BYTES = 1 << 16;
/** A buffer grown past this for one large result is let go after it. */
const KEPT_BYTES = 1 << 20;

/** The C functions the writer calls (the module's raw exports). */
export interface CellReader {
  sqlite3_column_type(stmt: number, index: number): number;
  sqlite3_column_double(stmt: number, index: number): number;
  sqlite3_column_int64(stmt: number, index: number): bigint;
  sqlite3_column_text(stmt: number, index: number): number;
  sqlite3_column_blob(stmt: number, index: number): number;
  sqlite3_column_bytes(stmt: number, index: number): number;
}

/** One thread's writer of rows (one result at a time: `start`, `row`s, `text`). */
export class JsonRows {
  #out = Buffer.allocUnsafeSlow(START_BYTES);
  /** The module's memory, read again once the memory grew (a grown memory detaches its old buffer: its views are then empty). */
  #memory: Uint8Array = new Uint8Array(0);
  #at = 0;
  /** Nothing but ASCII written since `start` (the text is then read as Latin-1, without decoding). */
  #ascii = true;

  constructor(
    readonly raw: CellReader,
    /** The module's memory as bytes, as it is now (a view made again when the memory grew). */
    readonly heap: () => Uint8Array,
  ) {}

  /** Starts a result's rows. */
  start(): void {
    this.#at = 0;
    this.#ascii = true;
    this.#out[this.#at++] = OPEN;
  }

  /** Writes the statement's current row; returns what its cells count against maxResultBytes (protocol/values.ts jsonCellSize). */
  row(stmt: number, width: number): number {
    this.#room(2);
    if (this.#at > 1) this.#out[this.#at++] = COMMA;
    this.#out[this.#at++] = OPEN;
    let size = 0;
    for (let index = 0; index < width; index++) {
      if (index > 0) {
        this.#room(1);
        this.#out[this.#at++] = COMMA;
      }
      size += this.#cell(stmt, index);
    }
    this.#room(1);
    this.#out[this.#at++] = CLOSE;
    return size;
  }

  /** Drops the rows written since `start`. */
  drop(): void {
    this.start();
  }

  /** The rows' JSON text, `[...]`. */
  text(): string {
    this.#room(1);
    this.#out[this.#at++] = CLOSE;
    const text = this.#out.toString(this.#ascii ? 'latin1' : 'utf8', 0, this.#at);
    if (this.#out.length > KEPT_BYTES) this.#out = Buffer.allocUnsafeSlow(START_BYTES);
    return text;
  }

  #cell(stmt: number, index: number): number {
    const { raw } = this;
    switch (raw.sqlite3_column_type(stmt, index)) {
      case SQLITE_INTEGER: {
        // The integer as a double reads it without converting the cell; exact below 2^53.
        const real = raw.sqlite3_column_double(stmt, index);
        this.#put(INTEGER, 24);
        if (real > -EXACT && real < EXACT) this.#integer(real);
        else this.#latin1(raw.sqlite3_column_int64(stmt, index).toString());
        this.#out[this.#at++] = QUOTE;
        this.#out[this.#at++] = BRACE;
        return 16;
      }
      case SQLITE_FLOAT: {
        const real = raw.sqlite3_column_double(stmt, index);
        if (!Number.isFinite(real)) toSqlValue(real); // throws its refusal
        this.#put(FLOAT, 24);
        if (!this.#shortFloat(real)) this.#latin1(String(real));
        this.#room(1);
        this.#out[this.#at++] = BRACE;
        return 16;
      }
      case SQLITE_TEXT:
        return this.#text(stmt, index);
      case SQLITE_BLOB: {
        const pointer = raw.sqlite3_column_blob(stmt, index);
        const bytes = raw.sqlite3_column_bytes(stmt, index);
        this.#put(BLOB, 0);
        if (bytes > 0) {
          const heap = this.#heap();
          this.#latin1(Buffer.from(heap.buffer, heap.byteOffset + pointer, bytes).toString('base64'));
        }
        this.#room(2);
        this.#out[this.#at++] = QUOTE;
        this.#out[this.#at++] = BRACE;
        return 16 + 4 * Math.ceil(bytes / 3);
      }
      default:
        this.#put(NULL, 0);
        return 16;
    }
  }

  #text(stmt: number, index: number): number {
    const pointer = this.raw.sqlite3_column_text(stmt, index);
    const bytes = this.raw.sqlite3_column_bytes(stmt, index);
    const heap = this.#heap();
    this.#put(TEXT, bytes + 2);
    const out = this.#out;
    let at = this.#at;
    for (let from = pointer, end = pointer + bytes; from < end; from++) {
      const byte = heap[from]!;
      if (byte < 0x20 || byte > 0x7e || byte === 0x22 || byte === 0x5c) return this.#textAsStringified(heap.subarray(pointer, end));
      out[at++] = byte;
    }
    out[at++] = QUOTE;
    out[at++] = BRACE;
    this.#at = at;
    return 16 + bytes;
  }

  /** A text that is not plain ASCII, as column() reads it and JSON.stringify writes it (its opening `"` is JSON.stringify's). */
  #textAsStringified(bytes: Uint8Array): number {
    const value = UTF8.decode(bytes);
    const json = JSON.stringify(value);
    this.#at -= 1;
    this.#room(3 * json.length + 1);
    this.#at += this.#out.write(json, this.#at, 'utf8');
    this.#out[this.#at++] = BRACE;
    this.#ascii = false;
    return 16 + value.length;
  }

  /** Writes `prefix`, with room for `more` bytes after it. */
  #put(prefix: Uint8Array, more: number): void {
    this.#room(prefix.length + more);
    const out = this.#out;
    let at = this.#at;
    for (let index = 0; index < prefix.length; index++) out[at++] = prefix[index]!;
    this.#at = at;
  }

  /** An integer's decimal digits (|value| < 2^53). */
  #integer(value: number): void {
    const out = this.#out;
    if (value < 0) {
      out[this.#at++] = 0x2d;
      value = -value;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    for (let at = this.#at + digits - 1; at >= this.#at; at--) {
      out[at] = 0x30 + (value % 10);
      value = Math.floor(value / 10);
    }
    this.#at += digits;
  }

  /**
   * A float as Number's toString writes it, where that is a short decimal: an integer below 2^53
   * (-0 as 0), or below 2^31 with at most 6 digits after the point. Its digits n over 10^k are the
   * float exactly when n / 10^k gives it back (n and 10^k exact, the division correctly rounded, as
   * parsing is), and below 2^31 no other decimal of k digits does (an ulp is under 10^-6), so the
   * shortest decimal that reads back as the float, what toString writes, is that one. False otherwise.
   */
  #shortFloat(real: number): boolean {
    if (Number.isInteger(real)) {
      if (real <= -EXACT || real >= EXACT) return false;
      this.#integer(real === 0 ? 0 : real);
      return true;
    }
    const size = Math.abs(real);
    if (size >= SHORT_BELOW) return false;
    for (let places = 1, scale = 10; places <= 6; places++, scale *= 10) {
      const digits = Math.round(size * scale);
      if (digits / scale !== size) continue;
      const out = this.#out;
      if (real < 0) out[this.#at++] = 0x2d;
      this.#integer(Math.floor(digits / scale));
      out[this.#at++] = 0x2e;
      for (let place = places - 1, rest = digits % scale; place >= 0; place--) {
        out[this.#at + place] = 0x30 + (rest % 10);
        rest = Math.floor(rest / 10);
      }
      this.#at += places;
      return true;
    }
    return false;
  }

  /** A text of ASCII characters, a byte each. */
  #latin1(text: string): void {
    this.#room(text.length + 2);
    if (text.length > 64) {
      this.#at += this.#out.write(text, this.#at, 'latin1');
      return;
    }
    const out = this.#out;
    let at = this.#at;
    for (let index = 0; index < text.length; index++) out[at++] = text.charCodeAt(index);
    this.#at = at;
  }

  #heap(): Uint8Array {
    if (this.#memory.byteLength === 0) this.#memory = this.heap();
    return this.#memory;
  }

  #room(bytes: number): void {
    if (this.#at + bytes <= this.#out.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.#out.length, this.#at + bytes));
    this.#out.copy(grown, 0, 0, this.#at);
    this.#out = grown;
  }
}
