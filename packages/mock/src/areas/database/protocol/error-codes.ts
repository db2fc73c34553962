// The error codes of the database protocol, as libSQL's server (sqld, `libsql-server`) gives
// them: one table for the codes of the protocol and one for SQLite's result codes. Every error
// the area answers takes its code from here; test/mock/areas/database/protocol/error-codes.test.ts runs a
// case for every row and checks the SQLite table against sqld's own mapping.
//
// How sqld names an SQLite failure (src/hrana/stmt.rs, `stmt_error_from_sqld_error`, `StmtError`):
// - a text its SQL parser refuses (before SQLite sees it) is SQL_PARSE_ERROR,
//   "SQL string could not be parsed: ...";
// - an error SQLite reports while compiling, with a position in the text (sqlite3_error_offset,
//   read by rusqlite for the plain SQLITE_ERROR only), is SQL_INPUT_ERROR,
//   "SQL input error: <SQLite's message> (at offset N)";
// - any other is "SQLite error: <SQLite's message>" with the PRIMARY code's name, as rusqlite's
//   `ErrorCode` names it (`sqlite_error_code`): SQLITE_CONSTRAINT, never
//   SQLITE_CONSTRAINT_PRIMARYKEY; a plain SQLITE_ERROR is SQLITE_UNKNOWN there.
// The extended code is kept in a field of its own, `extended_code` (libSQL's clients call it
// `extendedCode`), which sqld's clients ignore.
import { ProtocolError } from './protocol.ts';

export interface ErrorCodeRow {
  /** When the mock answers it. */
  when: string;
  /** Where sqld defines it (a path under libsql-server/), or why it is the mock's own. */
  sqld: string;
}

/** The protocol's codes the mock answers, besides the SQLite ones below. */
export const PROTOCOL_ERROR_CODES = {
  SQL_PARSE_ERROR: {
    when: "the SQL text does not parse (a syntax error, an unfinished statement, an unknown token), or holds a statement sqld does not run ('unsupported statement', engine/statement-rules.ts)",
    sqld: 'src/hrana/stmt.rs StmtError::SqlParse; src/query_analysis.rs StmtKind::kind',
  },
  SQL_INPUT_ERROR: {
    when: 'SQLite refuses the statement while compiling it at a place in the text (no such column, no such function, a table that already exists)',
    sqld: 'src/hrana/stmt.rs StmtError::SqlInputError',
  },
  SQL_NO_STATEMENT: {
    when: '`execute`, a batch step or `describe` holds no statement (empty, blanks or comments only)',
    sqld: 'src/hrana/stmt.rs StmtError::SqlNoStmt',
  },
  SQL_MANY_STATEMENTS: {
    when: '`execute`, a batch step or `describe` holds more than one statement (use `sequence` or a batch)',
    sqld: 'src/hrana/stmt.rs StmtError::SqlManyStmts',
  },
  ARGS_INVALID: {
    when: 'the arguments do not match the parameters (one has no value, or a value has no parameter), or a value is not a value of its type',
    sqld: 'src/hrana/stmt.rs StmtError::ArgsInvalid',
  },
  ARGS_BOTH_POSITIONAL_AND_NAMED: { when: 'both `args` and `named_args` are given', sqld: 'src/hrana/stmt.rs StmtError::ArgsBothPositionalAndNamed' },
  RESPONSE_TOO_LARGE: { when: 'the rows pass the answer size limit', sqld: 'src/hrana/stmt.rs StmtError::ResponseTooLarge' },
  SQL_NOT_FOUND: {
    when: 'a `sql_id` names no stored SQL text',
    sqld: "the mock's name, with sqld's message, of src/hrana/mod.rs ProtocolError::SqlNotFound (sqld answers HTTP 400, or closes the WebSocket)",
  },
  SQL_EXISTS: {
    when: '`store_sql` with a `sql_id` already in use',
    sqld: "the mock's name, with sqld's message, of src/hrana/mod.rs ProtocolError::SqlExists (sqld answers HTTP 400, or closes the WebSocket)",
  },
  SQL_STORE_TOO_MANY: {
    when: '`store_sql` past the stored texts a stream (HTTP, 50) or a WebSocket connection (150) holds',
    sqld: 'src/hrana/http/request.rs and src/hrana/ws/session.rs, SqlTooMany, MAX_SQL_COUNT',
  },
  SQL_STORE_TOO_LARGE: {
    when: '`store_sql` of a text over 5,000 bytes over HTTP (over WebSocket: past the bytes a connection stores)',
    sqld: 'src/hrana/http/request.rs StreamResponseError::SqlTooLarge, MAX_STORED_SQL_SIZE',
  },
  STREAM_EXPIRED: {
    when: "the baton's stream expired, or its token was invalidated (HTTP 500, as the contract documents stream errors)",
    sqld: 'src/hrana/http/stream.rs StreamError::StreamExpired (sqld answers it with HTTP 400)',
  },
  BATON_REUSED: {
    when: 'a baton is sent a second time (HTTP 500, as the contract documents stream errors)',
    sqld: "the mock's name of src/hrana/mod.rs ProtocolError::BatonReused (sqld answers HTTP 400)",
  },
  BATON_INVALID: {
    when: 'a baton this server never gave out, or gave to another token (HTTP 400)',
    sqld: "the mock's name of src/hrana/mod.rs ProtocolError::BatonInvalid (sqld answers HTTP 400)",
  },
  STREAM_NOT_OPEN: { when: 'a WebSocket request on a stream that failed to open', sqld: 'src/hrana/ws/session.rs ResponseError::StreamNotOpen' },
  CURSOR_NOT_OPEN: { when: '`fetch_cursor` on a cursor that failed to open', sqld: 'src/hrana/ws/session.rs ResponseError::CursorNotOpen' },
  AUTH_JWT_INVALID: {
    when: 'a WebSocket `hello`, or a stream opened after it, with a token that is unknown, invalidated or for another database',
    sqld: 'src/auth/errors.rs AuthError::JwtInvalid',
  },
  AUTH_JWT_EXPIRED: { when: 'a WebSocket `hello`, or a stream opened after it, with an expired token', sqld: 'src/auth/errors.rs AuthError::JwtExpired' },
  AUTH_HEADER_NOT_FOUND: { when: 'a WebSocket `hello` without a token', sqld: 'src/auth/errors.rs AuthError::AuthHeaderNotFound' },
  // The mock's own: where sqld fails the whole request (HTTP 400, or a closed WebSocket), the mock answers the one request.
  STREAM_CLOSED: {
    when: "a request after the stream's `close`, or after its stream ended",
    sqld: 'the mock\'s own: sqld answers HTTP 400 "Stream for this baton was closed" (ProtocolError::BatonStreamClosed)',
  },
  REQUEST_INVALID: {
    when: 'a request the protocol does not allow: both or neither of `sql` and `sql_id`, an unknown type, a missing id, conditions nested too deep',
    sqld: "the mock's own: sqld answers HTTP 400, or closes the WebSocket",
  },
  PROTOCOL_VERSION: {
    when: 'a request of a later protocol version than the endpoint or subprotocol speaks',
    sqld: 'the mock\'s own: sqld answers HTTP 400 "... is only supported in protocol version N" (ProtocolError::NotSupported)',
  },
  BATCH_COND_INVALID: {
    when: 'a batch condition refers to a step that is not an earlier one',
    sqld: 'the mock\'s own: sqld answers HTTP 400 "Invalid reference to step in a batch condition" (ProtocolError::BatchCondBadStep)',
  },
  STREAM_NOT_FOUND: {
    when: 'a WebSocket request on a stream id the connection has not opened',
    sqld: "the mock's own: sqld closes the WebSocket (ProtocolError::StreamNotFound)",
  },
  STREAM_EXISTS: { when: '`open_stream` with a stream id in use', sqld: "the mock's own: sqld closes the WebSocket (ProtocolError::StreamExists)" },
  CURSOR_EXISTS: {
    when: '`open_cursor` with a cursor id in use, or on a stream with an open cursor',
    sqld: "the mock's own: sqld closes the WebSocket (ProtocolError::CursorExists, CursorAlreadyOpen)",
  },
  CURSOR_NOT_FOUND: {
    when: '`fetch_cursor` on a cursor id the connection has not opened',
    sqld: "the mock's own: sqld closes the WebSocket (ProtocolError::CursorNotFound)",
  },
  STREAM_LIMIT_REACHED: {
    when: 'a new stream past the open streams of an access key (maxStreams), or of a WebSocket connection',
    sqld: "the mock's own: a limit of the mock",
  },
  DATABASE_LIMIT_REACHED: { when: 'a database past the open databases of the mock (maxDatabases)', sqld: "the mock's own: a limit of the mock" },
  DATABASE_ENGINE_UNAVAILABLE: { when: 'the SQL engine could not start', sqld: "the mock's own" },
  ENGINE_REQUEST_LOST: {
    when: "a request the engine did not answer within its limits plus a grace (the engine's last guard; a bug in the mock, never expected)",
    sqld: "the mock's own",
  },
  VALUE_NOT_REPRESENTABLE: {
    when: 'a row holds a value JSON cannot carry (an infinite or NaN float)',
    sqld: "the mock's own: sqld writes such floats as null",
  },
} satisfies Record<string, ErrorCodeRow>;

export type ProtocolErrorCode = keyof typeof PROTOCOL_ERROR_CODES;

/**
 * SQLite's primary result codes (sqlite3.h) and the code sqld answers for each: rusqlite's
 * `ErrorCode` of the primary code (libsql-ffi/src/lib.rs `Error::new`), named by
 * src/hrana/stmt.rs `sqlite_error_code`. The codes rusqlite has no variant for are SQLITE_UNKNOWN.
 */
export const SQLITE_RESULT_CODES: Record<number, { name: string; sqld: string }> = {
  1: { name: 'SQLITE_ERROR', sqld: 'SQLITE_UNKNOWN' },
  2: { name: 'SQLITE_INTERNAL', sqld: 'SQLITE_INTERNAL' },
  3: { name: 'SQLITE_PERM', sqld: 'SQLITE_PERM' },
  4: { name: 'SQLITE_ABORT', sqld: 'SQLITE_ABORT' },
  5: { name: 'SQLITE_BUSY', sqld: 'SQLITE_BUSY' },
  6: { name: 'SQLITE_LOCKED', sqld: 'SQLITE_LOCKED' },
  7: { name: 'SQLITE_NOMEM', sqld: 'SQLITE_NOMEM' },
  8: { name: 'SQLITE_READONLY', sqld: 'SQLITE_READONLY' },
  9: { name: 'SQLITE_INTERRUPT', sqld: 'SQLITE_INTERRUPT' },
  10: { name: 'SQLITE_IOERR', sqld: 'SQLITE_IOERR' },
  11: { name: 'SQLITE_CORRUPT', sqld: 'SQLITE_CORRUPT' },
  12: { name: 'SQLITE_NOTFOUND', sqld: 'SQLITE_NOTFOUND' },
  13: { name: 'SQLITE_FULL', sqld: 'SQLITE_FULL' },
  14: { name: 'SQLITE_CANTOPEN', sqld: 'SQLITE_CANTOPEN' },
  15: { name: 'SQLITE_PROTOCOL', sqld: 'SQLITE_PROTOCOL' },
  16: { name: 'SQLITE_EMPTY', sqld: 'SQLITE_UNKNOWN' },
  17: { name: 'SQLITE_SCHEMA', sqld: 'SQLITE_SCHEMA' },
  18: { name: 'SQLITE_TOOBIG', sqld: 'SQLITE_TOOBIG' },
  19: { name: 'SQLITE_CONSTRAINT', sqld: 'SQLITE_CONSTRAINT' },
  20: { name: 'SQLITE_MISMATCH', sqld: 'SQLITE_MISMATCH' },
  21: { name: 'SQLITE_MISUSE', sqld: 'SQLITE_MISUSE' },
  22: { name: 'SQLITE_NOLFS', sqld: 'SQLITE_NOLFS' },
  23: { name: 'SQLITE_AUTH', sqld: 'SQLITE_AUTH' },
  24: { name: 'SQLITE_FORMAT', sqld: 'SQLITE_UNKNOWN' },
  25: { name: 'SQLITE_RANGE', sqld: 'SQLITE_RANGE' },
  26: { name: 'SQLITE_NOTADB', sqld: 'SQLITE_NOTADB' },
  27: { name: 'SQLITE_NOTICE', sqld: 'SQLITE_UNKNOWN' },
  28: { name: 'SQLITE_WARNING', sqld: 'SQLITE_UNKNOWN' },
};

/** What SQLite's tokenizer and parser say of a text they refuse: sqld's own parser refuses these texts first. */
const PARSER_MESSAGES = /^(near ".*": syntax error|incomplete input|unrecognized token: .*|parser stack overflow)$/s;

const SQLITE_ERROR = 1;

/** An error with the protocol's code, and SQLite's extended code where SQLite made it. */
export class SqliteFailure extends ProtocolError {
  constructor(
    message: string,
    code: string,
    readonly extendedCode: string,
    /** SQLite's extended result code, as a number. */
    readonly rawCode: number,
  ) {
    super(message, code);
  }
}

/** The code sqld answers for SQLite's result code `raw` (primary or extended). */
function sqldCodeOf(raw: number): string {
  return SQLITE_RESULT_CODES[raw & 0xff]?.sqld ?? 'SQLITE_UNKNOWN';
}

/**
 * An SQLite failure as sqld answers it. `raw` is the extended result code, `name` its name
 * (SQLITE_CONSTRAINT_PRIMARYKEY), `offset` sqlite3_error_offset() (-1: no place in the text).
 */
export function sqliteFailure(raw: number, name: string | undefined, message: string, offset: number): SqliteFailure {
  const extended = name ?? `${SQLITE_RESULT_CODES[raw & 0xff]?.name ?? 'SQLITE_UNKNOWN'}_${raw >> 8}`;
  if (raw === SQLITE_ERROR && PARSER_MESSAGES.test(message))
    return new SqliteFailure(`SQL string could not be parsed: ${message}`, 'SQL_PARSE_ERROR', extended, raw);
  if (raw === SQLITE_ERROR && offset >= 0) return new SqliteFailure(`SQL input error: ${message} (at offset ${offset})`, 'SQL_INPUT_ERROR', extended, raw);
  return new SqliteFailure(`SQLite error: ${message}`, sqldCodeOf(raw), extended, raw);
}

/** Why a token is refused, as sqld's AuthError words it (src/auth/errors.rs). */
export interface AuthRefusal {
  refused: true;
  code: 'AUTH_HEADER_NOT_FOUND' | 'AUTH_JWT_INVALID' | 'AUTH_JWT_EXPIRED';
  reason: string;
}

export const AUTH_REASONS = {
  AUTH_HEADER_NOT_FOUND: { refused: true, code: 'AUTH_HEADER_NOT_FOUND', reason: 'Expected authorization header but none given' },
  AUTH_JWT_INVALID: { refused: true, code: 'AUTH_JWT_INVALID', reason: 'The JWT is invalid' },
  AUTH_JWT_EXPIRED: { refused: true, code: 'AUTH_JWT_EXPIRED', reason: 'The JWT has expired' },
} as const satisfies Record<AuthRefusal['code'], AuthRefusal>;

export const isRefusal = (value: object): value is AuthRefusal => 'refused' in value;

/** sqld's 401 body over HTTP (src/error.rs `format_err`, `Error::AuthError`: "Unauthorized: `{0}`"). */
export const unauthorizedBody = (refusal: AuthRefusal) => ({ error: `Unauthorized: \`${refusal.reason}\`` });

/** sqld's error for a refused token over WebSocket: the `hello_error` (src/hrana/ws/session.rs, ResponseError::Auth). */
export const authError = (refusal: AuthRefusal) => ({ message: `Authentication failed: ${refusal.reason}`, code: refusal.code });
