// A result's rows in Hrana's JSON, written as bytes straight from SQLite's cells while the statement
// steps: no value object per cell, no text decoded but where JSON needs it. Each cell is written
// exactly as JSON.stringify(toSqlValue(value)) writes the value `Sqlite.column()` reads
// (protocol/values.ts), and only through the four shapes below, `{"type":"null"}` or an integer's
// decimal text, a finite float, a text, a blob's base64: the contract's SqlValue shapes, so the rows
// need no reading back (sql/statements/json-outcome.ts). A text of printable ASCII, without `"` or
// `\`, is copied as it is; any other text (escapes, control characters, non-ASCII, invalid UTF-8)
// goes through the exact conversion: decoded as column() decodes it, written by JSON.stringify. A
// float JSON cannot carry is refused by toSqlValue itself, with its error. A cell is read from the
// row in the module's memory where it can be, through the C functions otherwise (row-cells.ts).

import { EXACT, writeInteger, writeShortFloat } from '../../protocol/json-numbers.ts';
import { CELL_BYTES, toSqlValue } from '../../protocol/values.ts';
import { type CellReader, KIND_AND_ZERO, MEM_BLOB, MEM_INT, MEM_NULL, MEM_REAL, MEM_STR, type RowLayout, SQLITE_UTF8 } from './row-cells.ts';

export { locateRow } from './row-cells.ts';

/** A cell's prefix, ASCII, as the little-endian 32-bit words of its bytes (zeros past its end): written four bytes a store. */
const ascii = (text: string) => {
  const bytes = new DataView(new ArrayBuffer(Math.ceil(text.length / 4) * 4));
  for (let index = 0; index < text.length; index++) bytes.setUint8(index, text.charCodeAt(index));
  return { length: text.length, words: Int32Array.from({ length: bytes.byteLength / 4 }, (_, word) => bytes.getInt32(4 * word, true)) };
};
const NULL = ascii('{"type":"null"}');
const INTEGER = ascii('{"type":"integer","value":"');
const FLOAT = ascii('{"type":"float","value":');
const TEXT = ascii('{"type":"text","value":"');
const BLOB = ascii('{"type":"blob","base64":"');
const [COMMA, QUOTE, OPEN, CLOSE, BRACE] = [0x2c, 0x22, 0x5b, 0x5d, 0x7d];
const [SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB] = [1, 2, 3, 4];
/** How a text cell's UTF-8 is read, by wasm.ts column() and by this writer alike: invalid UTF-8 as U+FFFD, a leading U+FEFF kept (a character of the value, as native libSQL keeps it, not a mark to drop). */
export const TEXT_DECODER = new TextDecoder('utf-8', { ignoreBOM: true });
const START_BYTES = 1 << 16;
/** A buffer grown past this for one large result is let go after it. */
const KEPT_BYTES = 1 << 20;

/** One thread's writer of rows (one result at a time: `start`, `row`s, `text`). */
export class JsonRows {
  #out: Buffer = Buffer.allocUnsafeSlow(START_BYTES);
  #view: DataView = new DataView(this.#out.buffer, this.#out.byteOffset, this.#out.byteLength);
  /** The module's memory, read again once the memory grew (a grown memory detaches its old buffer: its views are then empty). */
  #memory: Uint8Array = new Uint8Array(0);
  #at = 0;
  /** Where the rows' `[` is (after the prefix). */
  #rowsAt = 0;
  /** A byte past ASCII was written since `start` (only a text written by JSON.stringify holds one). */
  #wide = false;

  #words: Int32Array = new Int32Array(0);
  #reals: Float64Array = new Float64Array(0);

  constructor(
    readonly raw: CellReader,
    /** The module's memory as bytes, as it is now (a view made again when the memory grew). */
    readonly heap: () => Uint8Array,
    /** Where a row lies, to read its cells from memory; without it, every cell is read through the C functions. */
    readonly layout?: RowLayout,
  ) {}

  /** Starts a result's rows, after `prefix` (JSON text the rows are to follow). */
  start(prefix = ''): void {
    this.#at = 0;
    this.#wide = false;
    if (prefix !== '') this.#text(prefix);
    this.#rowsAt = this.#at;
    this.#room(1);
    this.#out[this.#at++] = OPEN;
  }

  /** Writes the statement's current row; returns what its cells count against maxResultBytes (protocol/values.ts CELL_BYTES). */
  row(stmt: number, width: number): number {
    this.#room(2);
    if (this.#at > this.#rowsAt + 1) this.#out[this.#at++] = COMMA;
    this.#out[this.#at++] = OPEN;
    let size = 0;
    if (this.layout) {
      this.#heap();
      const row = this.#words[(stmt + this.layout.rowOffset) >> 2]!;
      if (row !== 0) size = this.#rowInMemory(stmt, row, width, this.layout.memSize);
      else size = this.#rowThroughC(stmt, width);
    } else size = this.#rowThroughC(stmt, width);
    this.#room(1);
    this.#out[this.#at++] = CLOSE;
    return size;
  }

  /** A row's cells read from its Mems, each of one plain kind written here; any other through the C functions. */
  #rowInMemory(stmt: number, row: number, width: number, memSize: number): number {
    let size = 0;
    for (let index = 0, mem = row; index < width; index++, mem += memSize) {
      if (index > 0) {
        this.#room(1);
        this.#out[this.#at++] = COMMA;
      }
      const words = this.#words;
      const flags = words[(mem + 16) >> 2]!;
      const kind = flags & KIND_AND_ZERO;
      if (kind === MEM_INT) {
        const high = words[(mem >> 2) + 1]!;
        if (high >= -0x200000 && high < 0x200000) {
          this.#put(INTEGER, 24);
          const out = this.#out;
          let at = writeInteger(out, this.#at, high * 0x100000000 + (words[mem >> 2]! >>> 0));
          out[at++] = QUOTE;
          out[at++] = BRACE;
          this.#at = at;
          size += CELL_BYTES.other;
          continue;
        }
      } else if (kind === MEM_STR) {
        // Mem.enc, the byte after Mem.flags.
        if (((flags >>> 16) & 0xff) === SQLITE_UTF8) {
          size += this.#textAt(words[(mem + 8) >> 2]!, words[(mem + 12) >> 2]!);
          continue;
        }
      } else if (kind === MEM_REAL) {
        size += this.#float(this.#reals[mem >> 3]!);
        continue;
      } else if (kind === MEM_NULL) {
        this.#put(NULL, 0);
        size += CELL_BYTES.other;
        continue;
      } else if (kind === MEM_BLOB) {
        size += this.#blobAt(words[(mem + 8) >> 2]!, words[(mem + 12) >> 2]!);
        continue;
      }
      size += this.#cell(stmt, index);
      this.#heap(); // the C functions may have grown the memory: its views are made again
    }
    return size;
  }

  /** A row's cells read through the C functions. */
  #rowThroughC(stmt: number, width: number): number {
    let size = 0;
    for (let index = 0; index < width; index++) {
      if (index > 0) {
        this.#room(1);
        this.#out[this.#at++] = COMMA;
      }
      size += this.#cell(stmt, index);
    }
    return size;
  }

  /** Drops the rows written since `start`. */
  drop(): void {
    this.#at = this.#rowsAt + 1;
  }

  /**
   * The prefix given to `start`, the rows' JSON and `suffix`, as text, however long: a string lives in the thread's heap and goes with its
   * young objects, where a buffer of its own per result (handed over between threads) was memory
   * outside the heap, which made both threads mark their whole heap every few hundred results.
   */
  json(suffix = ''): string {
    this.#end();
    if (suffix !== '') this.#text(suffix);
    // ASCII read as Latin-1 is the same text, copied without decoding.
    const text = this.#out.toString(this.#wide ? 'utf8' : 'latin1', 0, this.#at);
    this.#release();
    return text;
  }

  /** JSON text as UTF-8. */
  #text(text: string): void {
    this.#room(3 * text.length);
    const written = this.#out.write(text, this.#at, 'utf8');
    if (written !== text.length) this.#wide = true;
    this.#at += written;
  }

  #end(): void {
    this.#room(1);
    this.#out[this.#at++] = CLOSE;
  }

  #release(): void {
    if (this.#out.length > KEPT_BYTES) this.#grown(Buffer.allocUnsafeSlow(START_BYTES));
  }

  #cell(stmt: number, index: number): number {
    const { raw } = this;
    switch (raw.sqlite3_column_type(stmt, index)) {
      case SQLITE_INTEGER: {
        // The integer as a double reads it without converting the cell; exact below 2^53.
        const real = raw.sqlite3_column_double(stmt, index);
        this.#put(INTEGER, 24);
        if (real > -EXACT && real < EXACT) this.#at = writeInteger(this.#out, this.#at, real);
        else this.#latin1(raw.sqlite3_column_int64(stmt, index).toString());
        this.#out[this.#at++] = QUOTE;
        this.#out[this.#at++] = BRACE;
        return CELL_BYTES.other;
      }
      case SQLITE_FLOAT:
        return this.#float(raw.sqlite3_column_double(stmt, index));
      case SQLITE_TEXT:
        return this.#textAt(raw.sqlite3_column_text(stmt, index), raw.sqlite3_column_bytes(stmt, index));
      case SQLITE_BLOB:
        return this.#blobAt(raw.sqlite3_column_blob(stmt, index), raw.sqlite3_column_bytes(stmt, index));
      default:
        this.#put(NULL, 0);
        return CELL_BYTES.other;
    }
  }

  #float(real: number): number {
    if (!Number.isFinite(real)) toSqlValue(real); // throws its refusal
    this.#put(FLOAT, 24);
    const at = writeShortFloat(this.#out, this.#at, real);
    if (at < 0) this.#latin1(String(real));
    else this.#at = at;
    this.#room(1);
    this.#out[this.#at++] = BRACE;
    return CELL_BYTES.other;
  }

  #blobAt(pointer: number, bytes: number): number {
    this.#put(BLOB, 0);
    if (bytes > 0) {
      const heap = this.#heap();
      this.#latin1(Buffer.from(heap.buffer, heap.byteOffset + pointer, bytes).toString('base64'));
    }
    this.#room(2);
    this.#out[this.#at++] = QUOTE;
    this.#out[this.#at++] = BRACE;
    return CELL_BYTES.blob(bytes);
  }

  #textAt(pointer: number, bytes: number): number {
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
    return CELL_BYTES.text(bytes); // plain ASCII: a byte a UTF-16 code unit
  }

  /** A text that is not plain ASCII, as column() reads it and JSON.stringify writes it (its opening `"` is JSON.stringify's). */
  #textAsStringified(bytes: Uint8Array): number {
    const value = TEXT_DECODER.decode(bytes);
    const json = JSON.stringify(value);
    this.#at -= 1;
    this.#text(json);
    this.#room(1);
    this.#out[this.#at++] = BRACE;
    return CELL_BYTES.text(value.length);
  }

  /** Writes `prefix`, with room for `more` bytes after it: a word a store (its last word's zeros past its end are written over by what follows). */
  #put(prefix: ReturnType<typeof ascii>, more: number): void {
    this.#room(prefix.length + more + 4);
    const { words } = prefix;
    const view = this.#view;
    for (let word = 0, at = this.#at; word < words.length; word++, at += 4) view.setInt32(at, words[word]!, true);
    this.#at += prefix.length;
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
    if (this.#memory.byteLength === 0) {
      this.#memory = this.heap();
      this.#words = new Int32Array(this.#memory.buffer, this.#memory.byteOffset, this.#memory.byteLength >> 2);
      this.#reals = new Float64Array(this.#memory.buffer, this.#memory.byteOffset, this.#memory.byteLength >> 3);
    }
    return this.#memory;
  }

  #room(bytes: number): void {
    if (this.#at + bytes <= this.#out.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.#out.length, this.#at + bytes));
    this.#out.copy(grown, 0, 0, this.#at);
    this.#grown(grown);
  }

  #grown(out: Buffer): void {
    this.#out = out;
    this.#view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  }
}
