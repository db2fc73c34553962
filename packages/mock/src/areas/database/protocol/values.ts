// SQL values between the protocol's JSON form and the embedded engine's JavaScript values.
import { type DatabaseError, ProtocolError, type SqlValue, toDatabaseError } from './protocol.ts';

export type EngineValue = null | bigint | number | string | Uint8Array;

/**
 * An argument as the engine binds it, converted on the HTTP thread: a message of plain values is
 * copied to a worker in a fraction of the time the protocol's value objects take. A value the
 * engine cannot take (an integer past 64 bits) carries its error, raised only when a parameter
 * takes it, as when the worker converted it.
 */
export type ArgValue = EngineValue | { refused: DatabaseError };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function fromSqlValue(value: SqlValue): EngineValue {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer': {
      const integer = BigInt(value.value);
      if (integer < INT64_MIN || integer > INT64_MAX) throw new ProtocolError(`The integer ${value.value} does not fit 64 bits`, 'ARGS_INVALID');
      return integer;
    }
    case 'float': {
      // REAL whatever the JSON text: 1e18 arrives as 1000000000000000000, which the exact JSON
      // reader of the HTTP door gives as a bigint (sqld reads every float as an f64).
      const real = Number(value.value);
      if (!Number.isFinite(real)) throw new ProtocolError(`The float ${String(value.value)} is not a finite 64-bit float`, 'ARGS_INVALID');
      return real;
    }
    case 'text':
      return value.value;
    case 'blob':
      return Buffer.from(value.base64, 'base64');
  }
}

/** A value as sent to the engine (sql/threads/messages.ts): the engine's value, or the error it would raise; a blob in a buffer of its own, so that copying it to the worker copies no pool beside it. */
export function toArgValue(value: SqlValue): ArgValue {
  try {
    const converted = fromSqlValue(value);
    return converted instanceof Uint8Array ? new Uint8Array(converted) : converted;
  } catch (error) {
    return { refused: toDatabaseError(error) };
  }
}

/** An argument's engine value; throws the error of one the engine cannot take. */
export function fromArgValue(value: ArgValue): EngineValue {
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array))
    throw new ProtocolError(value.refused.message, value.refused.code ?? 'ARGS_INVALID');
  return value;
}

/**
 * What a cell counts against the mock's maxResultBytes, by its kind: what it takes in JSON, roughly
 * (a text by its UTF-16 length, a blob in base64), the same in every encoding. By kind for a writer
 * that reads no value (sql/wasm/json-rows.ts); jsonCellSize for a value.
 */
export const CELL_BYTES = {
  /** NULL, an integer or a float. */
  other: 16,
  /** A text of `length` UTF-16 code units. */
  text: (length: number) => 16 + length,
  /** A blob of `bytes` bytes. */
  blob: (bytes: number) => 16 + 4 * Math.ceil(bytes / 3),
};

/** What a value counts against maxResultBytes (CELL_BYTES). */
export const jsonCellSize = (value: EngineValue): number =>
  typeof value === 'string' ? CELL_BYTES.text(value.length) : value instanceof Uint8Array ? CELL_BYTES.blob(value.byteLength) : CELL_BYTES.other;

export function toSqlValue(value: unknown): SqlValue {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ProtocolError(`The value ${value} cannot be carried by JSON`, 'VALUE_NOT_REPRESENTABLE');
    return { type: 'float', value };
  }
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  throw new ProtocolError(`The engine gave a value of an unknown kind (${typeof value})`, 'INTERNAL');
}
