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
// biome-ignore format: one line
import { BLOB, BRACE, CLOSE, COMMA, FIXED_CELL_BYTES, FLOAT, INTEGER, NULL, OPEN, type Prefix, putWords, QUOTE, SQLITE_BLOB, SQLITE_FLOAT, SQLITE_INTEGER, SQLITE_TEXT, TEXT, TEXT_DECODER, TEXT_ROOM, writePlainText } from './json-cells.ts';
import { type CellReader, KIND_AND_ZERO, MEM_BLOB, MEM_INT, MEM_NULL, MEM_REAL, MEM_STR, type RowLayout, SQLITE_UTF8 } from './row-cells.ts';

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
    // Room for the row's brackets and every cell of a fixed kind at once: a text or a blob makes its own.
    this.#room(2 + width * FIXED_CELL_BYTES);
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

  /**
   * A row's cells read from its Mems: an integer, a float with a short decimal, NULL and a plain text
   * written here, in the room `row` made (FIXED_CELL_BYTES a cell; a text makes its own); any other
   * through the writer's fields (#otherCell: it may grow the buffer, and the memory through C).
   */
  #rowInMemory(stmt: number, row: number, width: number, memSize: number): number {
    let size = 0;
    let out = this.#out;
    let view = this.#view;
    let at = this.#at;
    let words = this.#words;
    for (let index = 0, mem = row; index < width; index++, mem += memSize) {
      if (index > 0) out[at++] = COMMA;
      const flags = words[(mem + 16) >> 2]!;
      const kind = flags & KIND_AND_ZERO;
      if (kind === MEM_INT) {
        const high = words[(mem >> 2) + 1]!;
        if (high >= -0x200000 && high < 0x200000) {
          at = writeInteger(out, putWords(view, at, INTEGER), high * 0x100000000 + (words[mem >> 2]! >>> 0));
          out[at++] = QUOTE;
          out[at++] = BRACE;
          size += CELL_BYTES.other;
          continue;
        }
      } else if (kind === MEM_STR && ((flags >>> 16) & 0xff) === SQLITE_UTF8) {
        // (Mem.enc, the byte after Mem.flags.) Its room, and again the room of the row's fixed cells after it.
        const bytes = words[(mem + 12) >> 2]!;
        const room = bytes + TEXT_ROOM + (width - index - 1) * FIXED_CELL_BYTES;
        if (at + room > out.length) {
          this.#at = at;
          this.#room(room);
          ({ out, view } = this.#where());
        }
        const written = writePlainText(out, putWords(view, at, TEXT), this.#memory, words[(mem + 8) >> 2]!, bytes);
        if (written >= 0) {
          at = written;
          size += CELL_BYTES.text(bytes); // plain ASCII: a byte a UTF-16 code unit
          continue;
        }
      } else if (kind === MEM_REAL) {
        const real = this.#reals[mem >> 3]!;
        const written = Number.isFinite(real) ? writeShortFloat(out, putWords(view, at, FLOAT), real) : -1;
        if (written >= 0) {
          at = written;
          out[at++] = BRACE;
          size += CELL_BYTES.other;
          continue;
        }
      } else if (kind === MEM_NULL) {
        at = putWords(view, at, NULL);
        size += CELL_BYTES.other;
        continue;
      }
      this.#at = at;
      size += this.#otherCell(stmt, index, kind, flags, mem);
      this.#room((width - index - 1) * FIXED_CELL_BYTES);
      ({ out, view, at, words } = this.#where());
    }
    this.#at = at;
    return size;
  }

  /** Where the writer is, after a cell written through its fields. */
  #where(): { out: Buffer; view: DataView; at: number; words: Int32Array } {
    return { out: this.#out, view: this.#view, at: this.#at, words: this.#words };
  }

  /** A cell of a kind `#rowInMemory` does not write, at the writer's `#at`: a text to escape, a long float, a blob, or any other through C. */
  #otherCell(stmt: number, index: number, kind: number, flags: number, mem: number): number {
    const words = this.#words;
    if (kind === MEM_STR && ((flags >>> 16) & 0xff) === SQLITE_UTF8) return this.#textAt(words[(mem + 8) >> 2]!, words[(mem + 12) >> 2]!);
    if (kind === MEM_REAL) return this.#float(this.#reals[mem >> 3]!);
    if (kind === MEM_BLOB) return this.#blobAt(words[(mem + 8) >> 2]!, words[(mem + 12) >> 2]!);
    const size = this.#cell(stmt, index);
    this.#heap(); // the C functions may have grown the memory: its views are made again
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
   * The prefix given to `start`, the rows' JSON and `suffix`, as text, however long (a string lives in the thread's heap; a buffer of its own
   * per result handed between threads made both threads mark their whole heap every few hundred results), or what `handOff` makes of its bytes.
   */
  json(suffix?: string): string;
  json<T>(suffix: string, handOff?: (bytes: Uint8Array, wide: boolean) => T | undefined): string | T;
  json<T>(suffix = '', handOff?: (bytes: Uint8Array, wide: boolean) => T | undefined): string | T {
    this.#end();
    if (suffix !== '') this.#text(suffix);
    // ASCII read as Latin-1 is the same text, copied without decoding.
    const text = handOff?.(this.#out.subarray(0, this.#at), this.#wide) ?? this.#out.toString(this.#wide ? 'utf8' : 'latin1', 0, this.#at);
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
    const at = writePlainText(this.#out, this.#at, heap, pointer, bytes);
    if (at < 0) return this.#textAsStringified(heap.subarray(pointer, pointer + bytes));
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

  /** Writes `prefix`, with room for `more` bytes after it (putWords). */
  #put(prefix: Prefix, more: number): void {
    this.#room(prefix.length + more + 4);
    this.#at = putWords(this.#view, this.#at, prefix);
  }

  /** A text of ASCII characters, a byte each (a big integer's digits, a long float's, a blob's base64: none of them on a plain row). */
  #latin1(text: string): void {
    this.#room(text.length + 2);
    this.#at += this.#out.write(text, this.#at, 'latin1');
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
