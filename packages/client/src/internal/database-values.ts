import type { components } from '@platform-contracts/contracts/database';

type SqlValue = components['schemas']['SqlValue'];
type StmtResult = components['schemas']['StmtResult'];

/** A value sent as an argument. Whole numbers are sent as integers, other numbers as floats. */
export type SqlArgument = null | boolean | number | bigint | string | Uint8Array | ArrayBuffer;
/** Positional arguments (`?`) or named ones (`:name`, `@name`, `$name`; the key may leave out the prefix). */
export type SqlArguments = readonly SqlArgument[] | Readonly<Record<string, SqlArgument>>;
/** A value read back: integers that do not fit a number exactly come back as bigint (see IntMode). */
export type SqlResultValue = null | number | bigint | string | Uint8Array;
/**
 * How integers are read back, as @libsql/client's `intMode`: `number` (default here: a bigint
 * only when the value does not fit a number exactly), `bigint` (always), `string` (always).
 */
export type IntMode = 'number' | 'bigint' | 'string';
export type Row = Record<string, SqlResultValue>;

export interface ResultSet {
  /** Column names, in order (an unnamed column is ""). */
  columns: string[];
  /** Declared types of the columns; null for expressions. */
  columnTypes: (string | null)[];
  /** Rows as objects keyed by column name (a later column wins over an earlier one of the same name). */
  rows: Row[];
  rowsAffected: number;
  /** ROWID of the connection's latest INSERT, when the server reports it. */
  lastInsertRowid: bigint | undefined;
}

function encodeValue(value: SqlArgument): SqlValue {
  if (value === null) return { type: 'null' };
  if (typeof value === 'boolean') return { type: 'integer', value: value ? '1' : '0' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`${value} cannot be sent: SQL values are finite numbers`);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { type: 'integer', value: String(value) } : { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  return { type: 'blob', base64: toBase64(value instanceof Uint8Array ? value : new Uint8Array(value)) };
}

function decodeValue(value: SqlValue, intMode: IntMode = 'number'): SqlResultValue {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer': {
      if (intMode === 'string') return value.value;
      const integer = BigInt(value.value);
      if (intMode === 'bigint') return integer;
      return integer >= BigInt(Number.MIN_SAFE_INTEGER) && integer <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(integer) : integer;
    }
    case 'float':
    case 'text':
      return value.value;
    case 'blob':
      return fromBase64(value.base64);
  }
}

export function encodeArguments(args: SqlArguments = []): { args: SqlValue[]; named_args: { name: string; value: SqlValue }[] } {
  if (isPositional(args)) return { args: args.map(encodeValue), named_args: [] };
  return { args: [], named_args: Object.entries(args).map(([name, value]) => ({ name, value: encodeValue(value) })) };
}

export function toResultSet(result: StmtResult, intMode: IntMode = 'number'): ResultSet {
  const columns = result.cols.map((column) => column.name ?? '');
  return {
    columns,
    columnTypes: result.cols.map((column) => column.decltype),
    rows: result.rows.map((values) => Object.fromEntries(columns.map((name, i) => [name, decodeValue(values[i]!, intMode)]))),
    rowsAffected: Number(result.affected_row_count),
    lastInsertRowid: result.last_insert_rowid === null ? undefined : BigInt(result.last_insert_rowid),
  };
}

const isPositional = (args: SqlArguments): args is readonly SqlArgument[] => Array.isArray(args);

// btoa/atob work on "binary strings" and exist in browsers, edge runtimes and Node.
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
