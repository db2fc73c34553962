// A statement's result rows written as their JSON text as they are read (runner.ts), instead of
// one value object per cell that JSON.stringify then writes: for a 1,000-row select that was most
// of the worker's time. The rows array a result carries stands for that text (its toJSON), and
// writtenOutcome (messages.ts) puts the text in its place in the outcome's JSON; the HTTP thread
// reads and validates the answer as before.
import type { SqlValue } from '../protocol.ts';
import { ProtocolError } from '../protocol.ts';
import type { EngineValue } from '../values.ts';

/** What JSON.stringify writes for a rows array given as text: its place in the outcome's text. */
const MARKER = '\u0000rows written';
const QUOTED_MARKER = JSON.stringify(MARKER);
const texts = new WeakMap<object, string>();
/** The texts of the rows arrays met by the JSON.stringify in progress (writtenJson), in document order; undefined outside it. */
let met: string[] | undefined;

function toJSON(this: SqlValue[][]): unknown {
  const text = texts.get(this)!;
  if (!met) return JSON.parse(text);
  met.push(text);
  return MARKER;
}

/** Rows of one statement, written as JSON text as they are read. */
export class RowsWriter {
  #text = '';
  #count = 0;

  /** Writes one row; answers what it counts against the result budget (as the value objects did: 16 bytes a value, and a text's or base64's length). */
  row(values: EngineValue[]): number {
    let size = 0;
    let row = '[';
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (i > 0) row += ',';
      size += 16;
      if (value === null || value === undefined) row += '{"type":"null"}';
      else if (typeof value === 'bigint') row += `{"type":"integer","value":"${value}"}`;
      else if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw new ProtocolError(`The value ${value} cannot be carried by JSON`, 'VALUE_NOT_REPRESENTABLE');
        row += `{"type":"float","value":${JSON.stringify(value)}}`;
      } else if (typeof value === 'string') {
        size += value.length;
        row += `{"type":"text","value":${JSON.stringify(value)}}`;
      } else {
        const base64 = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
        size += base64.length;
        row += `{"type":"blob","base64":"${base64}"}`;
      }
    }
    this.#text += this.#count++ === 0 ? `${row}]` : `,${row}]`;
    return size;
  }

  /** The rows array of the result: it stands for the text written (JSON.parse of its toJSON gives the value objects), unless there is none. */
  rows(): SqlValue[][] {
    const rows: SqlValue[][] = [];
    // No row (an INSERT's result): a plain empty array, which JSON.stringify writes as fast.
    if (this.#count === 0) return rows;
    texts.set(rows, `[${this.#text}]`);
    Object.defineProperty(rows, 'toJSON', { value: toJSON });
    return rows;
  }
}

/**
 * JSON.stringify(value), with the text of each rows array written by a RowsWriter in its place.
 * Should a text of the value's own read as the marker (a column named so), every rows array is
 * written from its value objects instead: the same JSON, only slower. Throws as JSON.stringify does.
 */
export function writtenJson(value: unknown): string {
  met = [];
  let text: string;
  let written: string[];
  try {
    text = JSON.stringify(value);
  } finally {
    written = met;
    met = undefined;
  }
  if (written.length === 0) return text;
  const parts = text.split(QUOTED_MARKER);
  if (parts.length !== written.length + 1) return JSON.stringify(value);
  let spliced = parts[0]!;
  for (let i = 0; i < written.length; i++) spliced += written[i]! + parts[i + 1]!;
  return spliced;
}

/** The value with each rows array written by a RowsWriter replaced by its value objects (for a value sent as objects, not text). */
export function withRowObjects<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const text = texts.get(value);
  if (text !== undefined) return JSON.parse(text) as T;
  for (const [key, child] of Object.entries(value))
    if (typeof child === 'object' && child !== null) (value as Record<string, unknown>)[key] = withRowObjects(child);
  return value;
}
