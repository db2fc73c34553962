// Where a worker hands the HTTP thread its largest result's JSON text: one slot of shared memory
// per worker thread, made by the worker and sent once (with `ready`). A result's text was written
// as bytes (wasm/json-rows.ts) and made a string there, which postMessage then copied again into
// its message: through the slot, the worker copies the bytes once and sends their length, and the
// HTTP thread makes the string from them (as reading the message did). The slot holds one text at
// a time: the worker takes it only when it is free, the HTTP thread frees it as it reads the text;
// a text that does not fit, a short one, or one that comes while the slot holds another, goes in
// the message as before. The text is read out when its answer is written (a lease): with the
// answer's text around it (HEAD_ROOM before it, TAIL_ROOM after), the answer is one string made
// from the slot, not the result's string joined into another; at the latest, when the worker's
// next outcomes are read (a text nothing read does not hold the slot for long: the worker then
// sends its next text in its message, and that message frees the slot).
import { withJsonText } from '../../../../engine/json-text.ts';
import type { LeasedText, SlotText, SqlOutcome, WrittenOutcome } from '../statements/requests.ts';

/** Bytes a slot holds at most (a result's rows past this go as text in the message). */
export const SLOT_BYTES = 1 << 20;
/** ...and at least: a shorter text goes in its message, where its copies cost less than the slot's handling (a warm SELECT 1's). */
export const SLOT_MIN_BYTES = 4096;
/** Room before and after a text, for the answer's text around it (an HTTP pipeline's head, the results after it). */
export const HEAD_ROOM = 1024;
export const TAIL_ROOM = 4096;
const [FREE, HELD] = [0, 1];
/** The slot's state (an Int32 before its bytes). */
const HEADER = 8;
const TEXT_AT = HEADER + HEAD_ROOM;
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** The worker's side: the slot, sent to the HTTP thread with `ready`. */
export class ResultSlot {
  readonly buffer = new SharedArrayBuffer(TEXT_AT + SLOT_BYTES + TAIL_ROOM);
  readonly #state = new Int32Array(this.buffer, 0, 1);
  readonly #bytes = new Uint8Array(this.buffer, TEXT_AT, SLOT_BYTES);
  /** Texts put in the slot (tests count them). */
  put = 0;

  /** Puts a text's bytes in the slot, when they fit and it is free: what the message carries instead of the text; undefined otherwise. */
  readonly handOff = (bytes: Uint8Array, wide: boolean): SlotText | undefined => {
    if (bytes.byteLength < SLOT_MIN_BYTES || bytes.byteLength > SLOT_BYTES) return undefined;
    if (Atomics.compareExchange(this.#state, 0, FREE, HELD) !== FREE) return undefined;
    this.#bytes.set(bytes);
    this.put++;
    return { slot: bytes.byteLength, wide };
  };
}

/** The HTTP thread's side: reads a text out of a worker's slot, and frees it. */
export class SlotReader {
  readonly #state: Int32Array;
  readonly #bytes: Buffer;
  /** Texts read from the slot (tests count them); `around`: of those, read with their answer's text around them. */
  read = 0;
  around = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.#state = new Int32Array(buffer, 0, 1);
    this.#bytes = Buffer.from(buffer);
  }

  take({ slot, wide }: SlotText): string {
    return this.#read(wide, TEXT_AT, TEXT_AT + slot);
  }

  /**
   * `head`, the text and `tail` as one string, read at once, and its length in UTF-8 bytes (the
   * slot's text is `slot` bytes of UTF-8, or of ASCII when not wide: no need to count it); undefined
   * (the slot still held) when they do not fit around it or cannot be read as its bytes are.
   */
  takeAround({ slot, wide }: SlotText, head: string, tail: string): { whole: string; bytes: number } | undefined {
    if (!wide && (BEYOND_LATIN1.test(head) || BEYOND_LATIN1.test(tail))) return undefined;
    const encoding = wide ? 'utf8' : 'latin1';
    const headBytes = Buffer.byteLength(head, encoding);
    const tailBytes = Buffer.byteLength(tail, encoding);
    if (headBytes > HEAD_ROOM || tailBytes > TAIL_ROOM) return undefined;
    this.#bytes.write(head, TEXT_AT - headBytes, encoding);
    this.#bytes.write(tail, TEXT_AT + slot, encoding);
    this.around++;
    const whole = this.#read(wide, TEXT_AT - headBytes, TEXT_AT + slot + tailBytes);
    return { whole, bytes: wide ? headBytes + slot + tailBytes : Buffer.byteLength(head) + slot + Buffer.byteLength(tail) };
  }

  #read(wide: boolean, start: number, end: number): string {
    const text = this.#bytes.toString(wide ? 'utf8' : 'latin1', start, end);
    Atomics.store(this.#state, 0, FREE);
    this.read++;
    return text;
  }

  /** The text last leased, until it is read. */
  #leased: SlotLease | undefined;

  /** A text left in the slot until its answer is written, or the worker's next outcomes are read (no timer: one a call was an extra turn of the event loop). */
  lease(text: SlotText): SlotLease {
    this.#leased = new SlotLease(this, text);
    return this.#leased;
  }

  /** Reads the text last leased, if nothing did: what comes from the worker next may need the slot. */
  readLeased(): void {
    this.#leased?.text();
    this.#leased = undefined;
  }
}

/** A text in the slot, read out once: alone, or with its answer's text around it. */
class SlotLease implements LeasedText {
  #in: SlotText | undefined;
  #text: string | undefined;
  constructor(
    readonly reader: SlotReader,
    text: SlotText,
  ) {
    this.#in = text;
  }

  text(): string {
    if (this.#in) {
      this.#text = this.reader.take(this.#in);
      this.#in = undefined;
    }
    return this.#text!;
  }

  /** The UTF-8 length of what `around` returned. */
  aroundBytes: number | undefined;

  around(head: string, tail: string): string | undefined {
    if (!this.#in) return undefined;
    const taken = this.reader.takeAround(this.#in, head, tail);
    if (taken === undefined) return undefined;
    const { whole } = taken;
    this.aroundBytes = taken.bytes;
    this.#text = whole.slice(head.length, whole.length - tail.length);
    this.#in = undefined;
    return whole;
  }

  toString(): string {
    return this.text();
  }

  toJSON(): string {
    return this.text();
  }
}

const inSlot = (json: unknown): json is SlotText => typeof json === 'object' && json !== null && 'slot' in json;

/**
 * Outcomes as the worker wrote them, read: a text, if one came as text, is its outcome's JSON from
 * now on (sent on as it is); a text left in the slot is leased (read when its answer is written,
 * or when the worker's next outcomes are read, so that a slot is freed even when nothing read it).
 */
export function readOutcomes(outcomes: WrittenOutcome[], slot: SlotReader | undefined): SqlOutcome[] {
  slot?.readLeased();
  return outcomes.map((written) => {
    if (typeof written === 'string') return withJsonText(JSON.parse(written) as SqlOutcome, written);
    const json = (written as { json?: unknown }).json;
    if (inSlot(json)) (written as unknown as { json: LeasedText }).json = slot!.lease(json);
    return written;
  });
}
