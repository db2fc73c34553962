// How the rows' JSON writer (json-rows.ts) reads a stepped statement's cells. A cell is read from
// the statement's current row as SQLite keeps it (`Vdbe.pResultRow`, an array
// of `Mem`), without a call into the module, where its flags are one plain kind (NULL, INTEGER,
// FLOAT, TEXT in UTF-8, BLOB without a zero tail): what sqlite3_column_type() and the column
// functions answer for it is then its value as it lies. Any other cell (several kinds, a zero-tail
// blob; a text not in UTF-8, which this build, without UTF-16, never holds), or every cell of a
// build whose layout `locateRow` does not find, goes through the C functions.
import type { ColumnTypes } from './wasm-gaps.ts';

export const [MEM_NULL, MEM_STR, MEM_INT, MEM_REAL, MEM_BLOB] = [0x01, 0x02, 0x04, 0x08, 0x10];
/** Mem.flags's kinds (MEM_AffMask) and a blob's zero tail (MEM_Zero): a cell read from memory has exactly one kind and no zero tail. */
export const KIND_AND_ZERO = 0x3f | 0x0400;
export const SQLITE_UTF8 = 1;

/** Where a stepped statement's row lies: `Vdbe.pResultRow`'s offset in a Vdbe, and sizeof(Mem). */
export interface RowLayout {
  rowOffset: number;
  memSize: number;
}

/**
 * The row's layout, from ColumnTypes.PROBE (`SELECT 1 AS a, 2 AS b`) stepped to its row: SQLite
 * 3.45 keeps `pResultRow` right after `aColName` (ColumnTypes), and the row's Mems hold 1 and 2 as
 * integers. Undefined when the build does not lay it out so (the writer then calls the C functions).
 */
export function locateRow(words: Int32Array, probe: number, columns: ColumnTypes): RowLayout | undefined {
  const rowOffset = columns.arrayOffset + 4;
  const { memSize } = columns;
  const row = words[(probe + rowOffset) >> 2]!;
  const holds = (mem: number, value: number) =>
    words[mem >> 2] === value && words[(mem >> 2) + 1] === 0 && (words[(mem + 16) >> 2]! & KIND_AND_ZERO) === MEM_INT;
  if (row <= 0 || row % 8 !== 0 || memSize % 8 !== 0 || !holds(row, 1) || !holds(row + memSize, 2)) return undefined;
  return { rowOffset, memSize };
}

/** The C functions the writer calls (the module's raw exports). */
export interface CellReader {
  sqlite3_column_type(stmt: number, index: number): number;
  sqlite3_column_double(stmt: number, index: number): number;
  sqlite3_column_int64(stmt: number, index: number): bigint;
  sqlite3_column_text(stmt: number, index: number): number;
  sqlite3_column_blob(stmt: number, index: number): number;
  sqlite3_column_bytes(stmt: number, index: number): number;
}
