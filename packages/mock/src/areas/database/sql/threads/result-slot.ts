// Where a worker hands the HTTP thread its largest result's JSON text: one slot of shared memory
// per worker thread, made by the worker and sent once (with `ready`). A result's text was written
// as bytes (wasm/json-rows.ts) and made a string there, which postMessage then copied again into
// its message: through the slot, the worker copies the bytes once and sends their length, and the
// HTTP thread makes the string from them (as reading the message did). The slot holds one text at
// a time: the worker takes it only when it is free, the HTTP thread frees it as it reads the text;
// a text that does not fit, a short one, or one that comes while the slot holds another, goes in
// the message as before.
import { withJsonText } from '../../../../engine/json-text.ts';
import type { SlotText, SqlOutcome, WrittenOutcome } from '../statements/requests.ts';

/** Bytes a slot holds at most (a result's rows past this go as text in the message). */
export const SLOT_BYTES = 1 << 20;
/** ...and at least: a shorter text goes in its message, where its copies cost less than the slot's handling (a warm SELECT 1's). */
export const SLOT_MIN_BYTES = 4096;
const [FREE, HELD] = [0, 1];
/** The slot's state (an Int32 before its bytes). */
const HEADER = 8;

/** The worker's side: the slot, sent to the HTTP thread with `ready`. */
export class ResultSlot {
  readonly buffer = new SharedArrayBuffer(HEADER + SLOT_BYTES);
  readonly #state = new Int32Array(this.buffer, 0, 1);
  readonly #bytes = new Uint8Array(this.buffer, HEADER);
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
  /** Texts read from the slot (tests count them). */
  read = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.#state = new Int32Array(buffer, 0, 1);
    this.#bytes = Buffer.from(buffer, HEADER);
  }

  take({ slot, wide }: SlotText): string {
    const text = this.#bytes.toString(wide ? 'utf8' : 'latin1', 0, slot);
    Atomics.store(this.#state, 0, FREE);
    this.read++;
    return text;
  }
}

const inSlot = (json: unknown): json is SlotText => typeof json === 'object' && json !== null && 'slot' in json;

/**
 * Outcomes as the worker wrote them, read (each in turn, so that a slot is freed even when nothing
 * waits for them any more): a text, if one came as text, is its outcome's JSON from now on (sent on
 * as it is); a text left in the slot is taken out of it.
 */
export function readOutcomes(outcomes: WrittenOutcome[], slot: SlotReader | undefined): SqlOutcome[] {
  return outcomes.map((written) => {
    if (typeof written === 'string') return withJsonText(JSON.parse(written) as SqlOutcome, written);
    const json = (written as { json?: unknown }).json;
    if (inSlot(json)) (written as unknown as { json: string }).json = slot!.take(json);
    return written;
  });
}
