// Hrana 3's results in its Protobuf encoding (HRANA_3_SPEC, "Protobuf schema"; sqld's
// libsql-server/src/hrana/proto.rs and http/proto.rs), written with @bufbuild/protobuf's wire
// writer from the same objects the JSON encoding writes. Rows may hold the engine's own values
// (the SQL thread writes them as it reads them, with no value object made per cell) or the
// protocol's JSON values. Fields sqld's Protobuf messages do not have (an error's
// `extended_code`, a result's `rows_read`, `rows_written`, `query_duration_ms`) are not written.
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type { DatabaseError, DescribeResult, SqlValue, StmtResult, StreamResult } from './protocol.ts';
import { ProtocolError } from './protocol.ts';
import type { EngineValue } from './values.ts';

const LEN = WireType.LengthDelimited;
const VARINT = WireType.Varint;

/** Field `field` of `w`'s message: a message `write` writes from `value`. */
function nested<T>(w: BinaryWriter, field: number, write: (w: BinaryWriter, value: T) => void, value: T): void {
  w.tag(field, LEN).fork();
  write(w, value);
  w.join();
}

/** A cell as a result holds it: the engine's value (written on the SQL thread) or the protocol's. */
export type Cell = EngineValue | SqlValue;
type Columns = readonly { name: string | null; decltype?: string | null }[];
/** A statement's result whose rows may hold engine values. */
export type ResultWithCells = Omit<StmtResult, 'rows'> & { rows: readonly (readonly Cell[])[] };

/** Refuses what no Hrana value carries; the JSON encoding refuses the same (values.ts toSqlValue). */
export function checkCell(value: EngineValue): void {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new ProtocolError(`The value ${value} cannot be carried by JSON`, 'VALUE_NOT_REPRESENTABLE');
}

function writeValue(w: BinaryWriter, cell: Cell): void {
  w.tag(1, LEN).fork();
  if (cell === null) w.tag(1, LEN).uint32(0);
  else if (typeof cell === 'bigint') w.tag(2, VARINT).sint64(cell);
  else if (typeof cell === 'number') {
    checkCell(cell);
    w.tag(3, WireType.Bit64).double(cell);
  } else if (typeof cell === 'string') w.tag(4, LEN).string(cell);
  else if (cell instanceof Uint8Array) w.tag(5, LEN).bytes(cell);
  else if (typeof cell === 'object' && 'type' in cell) writeSqlValue(w, cell);
  else throw new ProtocolError(`The engine gave a value of an unknown kind (${typeof cell})`, 'INTERNAL');
  w.join();
}

function writeSqlValue(w: BinaryWriter, value: SqlValue): void {
  switch (value.type) {
    case 'null':
      return void w.tag(1, LEN).uint32(0);
    case 'integer':
      return void w.tag(2, VARINT).sint64(BigInt(value.value));
    case 'float':
      return void w.tag(3, WireType.Bit64).double(Number(value.value));
    case 'text':
      return void w.tag(4, LEN).string(value.value);
    case 'blob':
      return void w.tag(5, LEN).bytes(Buffer.from(value.base64, 'base64'));
    default:
      throw new ProtocolError(`A value of an unknown type (${String((value as { type: unknown }).type)})`, 'INTERNAL');
  }
}

/** A row: Row { repeated Value values = 1 }, as field `field` of its parent. */
function writeRow(w: BinaryWriter, field: number, row: readonly Cell[]): void {
  w.tag(field, LEN).fork();
  for (const cell of row) writeValue(w, cell);
  w.join();
}

function writeCols(w: BinaryWriter, field: number, cols: Columns): void {
  for (const col of cols) {
    w.tag(field, LEN).fork();
    if (col.name !== null && col.name !== undefined) w.tag(1, LEN).string(col.name);
    if (col.decltype !== null && col.decltype !== undefined) w.tag(2, LEN).string(col.decltype);
    w.join();
  }
}

function writeError(w: BinaryWriter, error: DatabaseError): void {
  w.tag(1, LEN).string(error.message);
  if (error.code !== null && error.code !== undefined) w.tag(2, LEN).string(error.code);
}

const rowid = (value: string | null | undefined) => (value === null || value === undefined ? undefined : BigInt(value));

function writeStmtResult(w: BinaryWriter, result: ResultWithCells): void {
  writeCols(w, 1, result.cols);
  for (const row of result.rows) writeRow(w, 2, row);
  w.tag(3, VARINT).uint64(result.affected_row_count);
  const lastRowid = rowid(result.last_insert_rowid);
  if (lastRowid !== undefined) w.tag(4, VARINT).sint64(lastRowid);
}

function writeBatchResult(w: BinaryWriter, result: { step_results: (ResultWithCells | null)[]; step_errors: (DatabaseError | null)[] }): void {
  // map<uint32, StmtResult> step_results = 1; map<uint32, Error> step_errors = 2: an entry per step that ran.
  result.step_results.forEach((step, index) => {
    if (step) nested(w, 1, (entry) => nested(entry.tag(1, VARINT).uint32(index), 2, writeStmtResult, step), w);
  });
  result.step_errors.forEach((error, index) => {
    if (error) nested(w, 2, (entry) => nested(entry.tag(1, VARINT).uint32(index), 2, writeError, error), w);
  });
}

function writeDescribeResult(w: BinaryWriter, result: DescribeResult): void {
  for (const param of result.params) {
    w.tag(1, LEN).fork();
    if (param.name !== null && param.name !== undefined) w.tag(1, LEN).string(param.name);
    w.join();
  }
  writeCols(w, 2, result.cols);
  if (result.is_explain) w.tag(3, VARINT).bool(true);
  if (result.is_readonly) w.tag(4, VARINT).bool(true);
}

/** The responses of Hrana over HTTP's StreamResponse, by their field number. */
const RESPONSE_FIELDS = { close: 1, execute: 2, batch: 3, sequence: 4, describe: 5, store_sql: 6, close_sql: 7, get_autocommit: 8 } as const;

/** A result whose rows may hold engine values. */
export type ResultOfCells = StreamResult | { type: 'ok'; response: { type: 'execute'; result: ResultWithCells } };

/** StreamResult { oneof result { StreamResponse ok = 1; Error error = 2; } }. */
export function writeStreamResult(w: BinaryWriter, result: ResultOfCells): void {
  if (result.type === 'error') return void nested(w, 2, writeError, result.error);
  const response = result.response as { type: keyof typeof RESPONSE_FIELDS } & Record<string, unknown>;
  const field = RESPONSE_FIELDS[response.type];
  if (field === undefined) throw new ProtocolError(`A response of an unknown type (${String(response.type)})`, 'INTERNAL');
  w.tag(1, LEN).fork().tag(field, LEN).fork();
  if (response.type === 'execute') nested(w, 1, writeStmtResult, response.result as ResultWithCells);
  else if (response.type === 'batch') nested(w, 1, writeBatchResult, response.result as never);
  else if (response.type === 'describe') nested(w, 1, writeDescribeResult, response.result as DescribeResult);
  else if (response.type === 'get_autocommit' && response.is_autocommit) w.tag(1, VARINT).bool(true);
  w.join().join();
}

/** A cursor's entry as sqld's CursorEntry { oneof entry { step_begin = 1; step_end = 2; step_error = 3; row = 4; error = 5 } }. */
export type CursorEntryOfCells =
  | { type: 'step_begin'; step: number; cols: Columns }
  | { type: 'step_end'; affected_row_count: number | bigint; last_insert_rowid: string | null }
  | { type: 'step_error'; step: number; error: DatabaseError }
  | { type: 'row'; row: readonly Cell[] }
  | { type: 'error'; error: DatabaseError };

function writeCursorEntry(w: BinaryWriter, entry: CursorEntryOfCells): void {
  switch (entry.type) {
    case 'step_begin':
      w.tag(1, LEN).fork().tag(1, VARINT).uint32(entry.step);
      writeCols(w, 2, entry.cols);
      return void w.join();
    case 'step_end': {
      w.tag(2, LEN).fork().tag(1, VARINT).uint64(entry.affected_row_count);
      const lastRowid = rowid(entry.last_insert_rowid);
      if (lastRowid !== undefined) w.tag(2, VARINT).sint64(lastRowid);
      return void w.join();
    }
    case 'step_error':
      return void nested(w, 3, (inner) => nested(inner.tag(1, VARINT).uint32(entry.step), 2, writeError, entry.error), w);
    case 'row':
      return void writeRow(w, 4, entry.row);
    case 'error':
      return void nested(w, 5, writeError, entry.error);
  }
}

/** One result's bytes (StreamResult). */
export function streamResultBytes(result: ResultOfCells): Uint8Array {
  const w = new BinaryWriter();
  writeStreamResult(w, result);
  return w.finish();
}

/** A cursor's entries, each preceded by its length (the body of /v3-protobuf/cursor after its first message). */
export function cursorEntriesBytes(entries: readonly CursorEntryOfCells[]): Uint8Array {
  const w = new BinaryWriter();
  for (const entry of entries) {
    w.fork();
    writeCursorEntry(w, entry);
    w.join();
  }
  return w.finish();
}
