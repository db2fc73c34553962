// A namespace's journal entries kept by field, in columns (journal.ts's ring indexes them), rather
// than as the recorder's object each: that object dies young, as every other object of a request
// does. Kept whole, thousands of them lived on, and V8 took to allocating them in the old
// generation (slower to allocate, and collected only by full collections): about a tenth of what a
// create cost in process. The fields every entry has are columns (numbers in arrays of their own, texts
// and the few objects as they were given); an entry with anything rarer (violations, SQL
// statements, a fault, an error, a setup mark, an omitted body, a WebSocket message) is kept whole.
import type { JournalInput } from './entries.ts';

export interface EntryColumns {
  time: number[];
  status: number[];
  /** What each entry counts against the byte cap. */
  size: number[];
  method: string[];
  path: string[];
  query: JournalInput['query'][];
  area: (string | undefined)[];
  operationId: (string | undefined)[];
  params: JournalInput['params'][];
  bodyText: (string | undefined)[];
  contentType: (string | undefined)[];
  /** The entry itself where it holds a rarer field (its columns are then not read). */
  whole: (JournalInput | undefined)[];
}

/**
 * Empty columns of each capacity made so far (a ring grows through a few: 16, 32, ... maxEntries),
 * copied for each new ring. A new namespace's first ring was three typed arrays (a Float64Array's
 * memory lies outside the heap, allocated and tracked apart) and nine arrays made and filled: about
 * 1.6 µs a namespace, where copying plain arrays (numbers unboxed in them, as a typed array's) is
 * one block copy each, about a third of that.
 */
const blanks = new Map<number, Blank>();
/** Only a ring's first capacities are kept blank (a larger ring is made once a namespace grew to it: rare, and its blank would be as large). */
const MAX_BLANK_CAPACITY = 64;

interface Blank {
  /** Empty slots (undefined), typed as none so that a copy is any column's. */
  none: never[];
  zeros: number[];
  times: number[];
}

function blankOf(capacity: number): Blank {
  let blank = blanks.get(capacity);
  if (!blank) {
    // 0.5: an array of doubles from the start (a time stored in an array of small integers would change its kind, and copy it).
    blank = { none: new Array<never>(capacity).fill(undefined as never), zeros: new Array(capacity).fill(0), times: new Array(capacity).fill(0.5) };
    if (capacity <= MAX_BLANK_CAPACITY) blanks.set(capacity, blank);
  }
  return blank;
}

export function newColumns(capacity: number): EntryColumns {
  const { none, zeros, times } = blankOf(capacity);
  return {
    time: times.slice(),
    status: zeros.slice(),
    size: zeros.slice(),
    method: none.slice(),
    path: none.slice(),
    query: none.slice(),
    area: none.slice(),
    operationId: none.slice(),
    params: none.slice(),
    bodyText: none.slice(),
    contentType: none.slice(),
    whole: none.slice(),
  };
}

/** Whether an entry holds a field the columns do not keep. */
const rare = (input: JournalInput) =>
  input.transport !== 'http' ||
  input.violations.length > 0 ||
  input.statements !== undefined ||
  input.fault !== undefined ||
  input.error !== undefined ||
  input.setup === true ||
  input.omittedBodyBytes !== undefined;

/**
 * Stores an entry at `at`. `previous`: the slot of the entry recorded before it (-1: none), whose
 * path, parameters and body text it keeps instead of its own where they are equal: a suite sends
 * the same path (and often the same body) many times in a row, and each kept copy of its own would
 * be copied out of the young generation by the next collection, one per request.
 */
export function storeAt(columns: EntryColumns, at: number, input: JournalInput, bytes: number, previous = -1): void {
  columns.size[at] = bytes;
  if (rare(input)) {
    columns.whole[at] = input;
    return;
  }
  columns.whole[at] = undefined;
  columns.time[at] = input.time;
  columns.status[at] = input.status;
  columns.method[at] = input.method;
  columns.path[at] = previous >= 0 && columns.path[previous] === input.path ? columns.path[previous]! : input.path;
  columns.query[at] = input.query;
  columns.area[at] = input.area;
  columns.operationId[at] = input.operationId;
  columns.params[at] = previous >= 0 && sameParams(columns.params[previous], input.params) ? columns.params[previous] : input.params;
  columns.bodyText[at] = previous >= 0 && columns.bodyText[previous] === input.bodyText ? columns.bodyText[previous] : input.bodyText;
  columns.contentType[at] = input.contentType;
}

/** Whether two entries' path parameters are the same (a few names, text values). */
function sameParams(kept: JournalInput['params'], params: JournalInput['params']): boolean {
  if (kept === params) return true;
  if (kept === undefined || params === undefined) return false;
  let count = 0;
  for (const name in params) {
    if (kept[name] !== params[name]) return false;
    count++;
  }
  for (const _ in kept) count--;
  return count === 0;
}

/** Lets go of what a dropped entry held. */
export function clearAt(columns: EntryColumns, at: number): void {
  columns.whole[at] = undefined;
  columns.method[at] = columns.path[at] = undefined as never;
  columns.query[at] = undefined as never;
  columns.params[at] = undefined;
  columns.area[at] = columns.operationId[at] = columns.bodyText[at] = columns.contentType[at] = undefined;
}

/** An entry as it was recorded. */
export function inputAt(columns: EntryColumns, at: number): JournalInput {
  return (
    columns.whole[at] ?? {
      time: columns.time[at]!,
      transport: 'http',
      method: columns.method[at]!,
      path: columns.path[at]!,
      query: columns.query[at]!,
      area: columns.area[at],
      operationId: columns.operationId[at],
      params: columns.params[at],
      bodyText: columns.bodyText[at],
      contentType: columns.contentType[at],
      omittedBodyBytes: undefined,
      statements: undefined,
      status: columns.status[at]!,
      violations: [],
      fault: undefined,
      error: undefined,
      setup: false,
    }
  );
}

/** Moves the entry at `from` of one set of columns to `to` of another (a ring that grows). */
export function moveEntry(source: EntryColumns, from: number, target: EntryColumns, to: number): void {
  storeAt(target, to, inputAt(source, from), source.size[from]!);
}
