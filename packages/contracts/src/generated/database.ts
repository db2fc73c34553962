/**
 * Generated from openapi/database/ by `pnpm generate` (openapi-typescript). Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

export interface paths<Int64 extends number | bigint = number> {
    "/v2/pipeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a pipeline of stream requests
         * @description Runs `requests` in order on one stream (a database connection) and answers one result per
         *     request, in the same order. Every request runs even when an earlier one fails; a failed
         *     request has a result of type `error`, not an HTTP error.
         *
         *     **Streams.** Without `baton` (or with `baton: null`) the pipeline opens a new stream. The
         *     answer's `baton` is `null` when the stream is closed (after a `close` request); otherwise it
         *     is a fresh string to send with the next request to continue the same stream, for example
         *     inside an interactive transaction that spans requests. A baton is good for one request only,
         *     and a stream that stays unused for a while expires. `base_url`, when not null, is where the
         *     next request of the stream must go.
         *
         *     **Continuing a stream, as a second step.** A first request without `close` keeps the stream
         *     open, and its answer carries a baton (see the answer example `streamKeptOpen`):
         *
         *     ```json
         *     {"requests": [{"type": "execute", "stmt": {"sql": "BEGIN"}}]}
         *     ```
         *
         *     The next request sends that baton back, and runs on the same connection (here, inside the
         *     open transaction):
         *
         *     ```json
         *     {"baton": "<the baton of the previous answer>", "requests": [{"type": "execute", "stmt": {"sql": "UPDATE players SET score = :score WHERE name = @name", "named_args": [{"name": "score", "value": {"type": "float", "value": 42.5}}, {"name": "@name", "value": {"type": "text", "value": "Ada"}}]}}, {"type": "execute", "stmt": {"sql": "COMMIT"}}, {"type": "close"}]}
         *     ```
         *
         *     A baton no answer of this server gave out answers 400.
         *
         *     **Access.** A Read Only token runs `SELECT` and other read operations; a write statement
         *     answers a result of type `error` and changes nothing.
         *
         *     What the TypeScript client sends for `client.execute("SELECT 1")`:
         *     `{"requests":[{"type":"execute","stmt":{"sql":"SELECT 1","args":[],"named_args":[],"want_rows":true}},{"type":"close"}]}`.
         */
        post: operations<Int64>["runPipeline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check that version 2 of the pipeline is served
         * @description Answers 2xx when the server speaks version 2 of the protocol ("Hrana over HTTP"). Client
         *     libraries may probe it before the first pipeline request; the widely used TypeScript client
         *     does not, and sends no token with it.
         */
        get: operations<Int64>["getPipelineVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/pipeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a pipeline of stream requests (protocol version 3)
         * @description Version 3 of the pipeline, as `/v2/pipeline` plus the `get_autocommit` request and the
         *     `is_autocommit` batch condition. JSON encoding only.
         *
         *     Runs `requests` in order on one stream (a database connection) and answers one result per
         *     request, in the same order. Every request runs even when an earlier one fails; a failed
         *     request has a result of type `error`, not an HTTP error.
         *
         *     **Streams.** Without `baton` (or with `baton: null`) the pipeline opens a new stream. The
         *     answer's `baton` is `null` when the stream is closed (after a `close` request); otherwise it
         *     is a fresh string to send with the next request to continue the same stream, for example
         *     inside an interactive transaction that spans requests. A baton is good for one request only,
         *     and a stream that stays unused for a while expires. `base_url`, when not null, is where the
         *     next request of the stream must go.
         *
         *     **Continuing a stream, as a second step.** A first request without `close` keeps the stream
         *     open, and its answer carries a baton (see the answer example `streamKeptOpen`):
         *
         *     ```json
         *     {"requests": [{"type": "execute", "stmt": {"sql": "BEGIN"}}]}
         *     ```
         *
         *     The next request sends that baton back, and runs on the same connection (here, inside the
         *     open transaction):
         *
         *     ```json
         *     {"baton": "<the baton of the previous answer>", "requests": [{"type": "execute", "stmt": {"sql": "UPDATE players SET score = :score WHERE name = @name", "named_args": [{"name": "score", "value": {"type": "float", "value": 42.5}}, {"name": "@name", "value": {"type": "text", "value": "Ada"}}]}}, {"type": "execute", "stmt": {"sql": "COMMIT"}}, {"type": "close"}]}
         *     ```
         *
         *     A baton no answer of this server gave out answers 400.
         *
         *     **Access.** A Read Only token runs `SELECT` and other read operations; a write statement
         *     answers a result of type `error` and changes nothing.
         *
         *     What the TypeScript client sends for `client.execute("SELECT 1")`:
         *     `{"requests":[{"type":"execute","stmt":{"sql":"SELECT 1","args":[],"named_args":[],"want_rows":true}},{"type":"close"}]}`.
         */
        post: operations<Int64>["runPipelineV3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/cursor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a batch and read its results as a cursor (protocol version 3)
         * @description Runs `batch` on a stream (a new one without `baton`) like a `batch` request and answers
         *     lines of JSON (`text/plain`, one object per line): first `{"baton": ..., "base_url": ...}`,
         *     then one `CursorEntry` per line: `step_begin`, the step's `row`s and `step_end` for each step
         *     that ran (`step_error` for one that failed), or one `error` when the batch could not run.
         */
        post: operations<Int64>["runCursor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check that version 3 of the pipeline is served
         * @description Answers 2xx when the server speaks version 3 of the protocol ("Hrana over HTTP"). Client
         *     libraries may probe it before the first pipeline request; the widely used TypeScript client
         *     does not, and sends no token with it.
         */
        get: operations<Int64>["getPipelineVersionV3"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/database/{databaseId}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a database's tokens
         * @description Lists every token of the database, valid or not, oldest first: its kind, when it was
         *     generated, when it expires and whether it is valid now. Secret values are never listed.
         */
        get: operations<Int64>["listDatabaseTokens"];
        put?: never;
        /**
         * Generate tokens for a database
         * @description Generates a Full Access and a Read Only token (Generate Tokens), or one kind only when
         *     `kinds` says so, optionally with an expiry. The new tokens work at once, and **every existing
         *     token stays valid**. The secret values are in this answer only and are never shown again.
         */
        post: operations<Int64>["createDatabaseTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/database/{databaseId}/tokens/invalidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invalidate every token of a database
         * @description Makes **every existing token of the database invalid immediately** (Invalidate Tokens):
         *     pipeline requests and connections using an old token fail with 401 from then on. With
         *     `regenerate: true` (Regenerate Tokens), a new Full Access and a new Read Only token are
         *     generated in the same step and returned this once.
         */
        post: operations<Int64>["invalidateDatabaseTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components<Int64 extends number | bigint = number> {
    schemas: {
        /**
         * SqlNull
         * @description SQL NULL.
         */
        SqlNull: {
            /**
             * @constant
             * @enum {string}
             */
            type: "null";
        };
        /**
         * SqlInteger
         * @description A 64-bit signed integer written as a decimal string, so that values beyond 2^53 keep every digit.
         */
        SqlInteger: {
            /**
             * @constant
             * @enum {string}
             */
            type: "integer";
            /** @description The integer in decimal, from -9223372036854775808 to 9223372036854775807. */
            value: string;
        };
        /**
         * SqlFloat
         * @description A double-precision floating-point number.
         */
        SqlFloat: {
            /**
             * @constant
             * @enum {string}
             */
            type: "float";
            /**
             * Format: double
             * @description The number.
             */
            value: number;
        };
        /**
         * SqlText
         * @description A text value.
         */
        SqlText: {
            /**
             * @constant
             * @enum {string}
             */
            type: "text";
            /** @description The text. */
            value: string;
        };
        /**
         * SqlBlob
         * @description A blob.
         */
        SqlBlob: {
            /**
             * @constant
             * @enum {string}
             */
            type: "blob";
            /** @description The bytes, base64-encoded (standard alphabet; padding optional). */
            base64: string;
        };
        /**
         * SqlValue
         * @description A value of SQL, by `type`:
         *
         *     | type | Holds |
         *     |---|---|
         *     | `null` | NULL |
         *     | `integer` | a 64-bit integer, as a decimal string in `value` (it may not fit a JSON number) |
         *     | `float` | a double in `value`; the TypeScript client sends every JavaScript number, whole ones too, as `float` |
         *     | `text` | a string in `value` |
         *     | `blob` | bytes, base64-encoded in `base64` |
         */
        SqlValue: components<Int64>["schemas"]["SqlNull"] | components<Int64>["schemas"]["SqlInteger"] | components<Int64>["schemas"]["SqlFloat"] | components<Int64>["schemas"]["SqlText"] | components<Int64>["schemas"]["SqlBlob"];
        /**
         * NamedArg
         * @description A named argument.
         */
        NamedArg: {
            /** @description The parameter's name, with or without its prefix (`:`, `@` or `$`). */
            name: string;
            value: components<Int64>["schemas"]["SqlValue"];
        };
        /**
         * Stmt
         * @description One SQL statement with its arguments. Exactly one of `sql` and `sql_id` (the other absent or
         *     null: libSQL's Rust client sends every field, null when unset). Positional
         *     arguments bind `?` and `?NNN` parameters in order; named arguments bind `:name`, `@name` and
         *     `$name` parameters (the name may be given with or without its prefix).
         */
        Stmt: {
            /** @description The statement's SQL text (stated by the specification). */
            sql?: string | null;
            /**
             * Format: int32
             * @description The number of an SQL text stored with `store_sql` on this stream.
             */
            sql_id?: number | null;
            /** @description Positional arguments. The TypeScript client always sends the key, empty when there are none. */
            args?: components<Int64>["schemas"]["SqlValue"][];
            /** @description Named arguments. The TypeScript client always sends the key, empty when there are none. */
            named_args?: components<Int64>["schemas"]["NamedArg"][];
            /** @description Whether the answer carries the rows; false answers `rows` empty. Absent means true. */
            want_rows?: boolean | null;
        };
        /**
         * ExecuteStreamRequest
         * @description Runs one statement. Shown by the specification as `{type: "execute", stmt: {sql}}`.
         */
        ExecuteStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "execute";
            stmt: components<Int64>["schemas"]["Stmt"];
        };
        /**
         * BatchCondOk
         * @description Holds when step `step` ran and succeeded.
         */
        BatchCondOk: {
            /**
             * @constant
             * @enum {string}
             */
            type: "ok";
            /**
             * Format: int32
             * @description The number of an earlier step, from 0.
             */
            step: number;
        };
        /**
         * BatchCondError
         * @description Holds when step `step` ran and failed.
         */
        BatchCondError: {
            /**
             * @constant
             * @enum {string}
             */
            type: "error";
            /**
             * Format: int32
             * @description The number of an earlier step, from 0.
             */
            step: number;
        };
        /**
         * BatchCond
         * @description A condition on earlier steps of the same batch, by `type`:
         *
         *     | type | Holds when |
         *     |---|---|
         *     | `ok` | step `step` ran and succeeded |
         *     | `error` | step `step` ran and failed |
         *     | `not` | `cond` does not hold |
         *     | `and` | every condition of `conds` holds (true when empty) |
         *     | `or` | some condition of `conds` holds (false when empty) |
         *     | `is_autocommit` | no transaction is open (version 3) |
         *
         *     A step that did not run is neither `ok` nor `error`.
         *
         *     The schema is recursive, as the protocol is: `not` holds a `BatchCond`, and `and` and `or` a
         *     list of them, to any depth. A tool that makes up values from the schemas (fuzzers, example
         *     generators, Portman's openapi-to-postman) must bound its depth itself; a tool that dereferences
         *     every `$ref` into one tree cannot (Portman 1.33 stops at "Circular $ref pointer found"). Write
         *     such a condition as a `$ref` to this component.
         */
        BatchCond: components<Int64>["schemas"]["BatchCondOk"] | components<Int64>["schemas"]["BatchCondError"] | components<Int64>["schemas"]["BatchCondNot"] | components<Int64>["schemas"]["BatchCondAnd"] | components<Int64>["schemas"]["BatchCondOr"] | components<Int64>["schemas"]["BatchCondIsAutocommit"];
        /**
         * BatchCondNot
         * @description Holds when `cond` does not hold.
         */
        BatchCondNot: {
            /**
             * @constant
             * @enum {string}
             */
            type: "not";
            cond: components<Int64>["schemas"]["BatchCond"];
        };
        /**
         * BatchCondAnd
         * @description Holds when every condition of `conds` holds (true when empty).
         */
        BatchCondAnd: {
            /**
             * @constant
             * @enum {string}
             */
            type: "and";
            conds: components<Int64>["schemas"]["BatchCond"][];
        };
        /**
         * BatchCondOr
         * @description Holds when some condition of `conds` holds (false when empty).
         */
        BatchCondOr: {
            /**
             * @constant
             * @enum {string}
             */
            type: "or";
            conds: components<Int64>["schemas"]["BatchCond"][];
        };
        /**
         * BatchCondIsAutocommit
         * @description Holds when the stream is in autocommit mode (no transaction open) when the step is reached. Version 3.
         */
        BatchCondIsAutocommit: {
            /**
             * @constant
             * @enum {string}
             */
            type: "is_autocommit";
        };
        /**
         * BatchStep
         * @description One step of a batch.
         */
        BatchStep: {
            /** @description When the step runs; absent or null runs it always. */
            condition?: components<Int64>["schemas"]["BatchCond"] | null;
            stmt: components<Int64>["schemas"]["Stmt"];
        };
        /**
         * StmtBatch
         * @description Statements run as steps, in order. A step with a condition runs only when the condition holds;
         *     a step that did not run has neither a result nor an error. The TypeScript client's write batch
         *     is `BEGIN IMMEDIATE`, each statement conditioned on the previous step being `ok`, `COMMIT`,
         *     and `ROLLBACK` under `{type: "not", cond: {type: "ok", step: <the COMMIT step>}}`.
         */
        StmtBatch: {
            /** @description The steps, numbered from 0. */
            steps: components<Int64>["schemas"]["BatchStep"][];
        };
        /**
         * BatchStreamRequest
         * @description Runs the steps of a batch in order; a step runs only when its condition holds.
         */
        BatchStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "batch";
            batch: components<Int64>["schemas"]["StmtBatch"];
        };
        /**
         * SequenceStreamRequest
         * @description Runs an SQL script of several statements separated by semicolons; gives no rows. Exactly one of `sql` and `sql_id`.
         */
        SequenceStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "sequence";
            /** @description The script. */
            sql?: string | null;
            /**
             * Format: int32
             * @description The number of an SQL text stored with `store_sql` on this stream.
             */
            sql_id?: number | null;
        };
        /**
         * DescribeStreamRequest
         * @description Describes one statement (parameters, columns, whether it reads only) without running it. Exactly one of `sql` and `sql_id`.
         */
        DescribeStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "describe";
            /** @description The statement. */
            sql?: string | null;
            /**
             * Format: int32
             * @description The number of an SQL text stored with `store_sql` on this stream.
             */
            sql_id?: number | null;
        };
        /**
         * StoreSqlStreamRequest
         * @description Stores an SQL text under `sql_id` so that later requests of the stream refer to it by number. The number must not be in use.
         */
        StoreSqlStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "store_sql";
            /**
             * Format: int32
             * @description The number chosen by the client.
             */
            sql_id: number;
            /** @description The SQL text. */
            sql: string;
        };
        /**
         * CloseSqlStreamRequest
         * @description Forgets the SQL text stored under `sql_id`.
         */
        CloseSqlStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "close_sql";
            /**
             * Format: int32
             * @description The number of the stored SQL text.
             */
            sql_id: number;
        };
        /**
         * CloseStreamRequest
         * @description Closes the stream; an open transaction is rolled back. The answer carries `baton: null`.
         */
        CloseStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "close";
        };
        /**
         * StreamRequest
         * @description One request on a stream, by `type`:
         *
         *     | type | Does | Answer |
         *     |---|---|---|
         *     | `execute` | runs one statement | `ExecuteStreamResponse` |
         *     | `batch` | runs statements as steps, each under an optional condition | `BatchStreamResponse` |
         *     | `sequence` | runs a script of several statements, without results | `SequenceStreamResponse` |
         *     | `describe` | describes a statement without running it | `DescribeStreamResponse` |
         *     | `store_sql` | stores an SQL text under a number for later requests of the stream | `StoreSqlStreamResponse` |
         *     | `close_sql` | forgets a stored SQL text | `CloseSqlStreamResponse` |
         *     | `close` | closes the stream (the answer's baton is then null) | `CloseStreamResponse` |
         *
         *     The specification shows the `execute` type only; the others are the protocol's.
         */
        StreamRequest: components<Int64>["schemas"]["ExecuteStreamRequest"] | components<Int64>["schemas"]["BatchStreamRequest"] | components<Int64>["schemas"]["SequenceStreamRequest"] | components<Int64>["schemas"]["DescribeStreamRequest"] | components<Int64>["schemas"]["StoreSqlStreamRequest"] | components<Int64>["schemas"]["CloseSqlStreamRequest"] | components<Int64>["schemas"]["CloseStreamRequest"];
        /**
         * PipelineRequest
         * @description A pipeline: stream requests run in order on one stream. Without `baton` (the TypeScript client
         *     leaves the key out on a stream's first request) or with `baton: null` a new stream is opened.
         */
        PipelineRequest: {
            /** @description The baton of the previous answer, to continue that stream; absent or null opens a new stream. A baton no answer of this server gave out answers 400. */
            baton?: string | null;
            /** @description The stream requests, run in order. Each element has a `type`; the specification shows `execute`. */
            requests: components<Int64>["schemas"]["StreamRequest"][];
        };
        /**
         * StmtColumn
         * @description A column of a statement's rows.
         */
        StmtColumn: {
            /** @description The column's name (its alias, when the statement gives one). */
            name: string | null;
            /** @description The declared type of the table column, for example `INTEGER`; null for an expression. */
            decltype: string | null;
        };
        /**
         * StmtResult
         * @description The outcome of one statement.
         */
        StmtResult: {
            /** @description The columns of the rows, in order. */
            cols: components<Int64>["schemas"]["StmtColumn"][];
            /** @description The rows; each row has one value per column. Empty when `want_rows` was false. */
            rows: components<Int64>["schemas"]["SqlValue"][][];
            /**
             * Format: int64
             * @description Rows inserted, updated or deleted by the statement.
             */
            affected_row_count: Int64;
            /** @description The ROWID of the connection's most recent successful INSERT, as a decimal string; null when unknown. */
            last_insert_rowid: string | null;
            /**
             * Format: int64
             * @description Rows the statement read. The mock counts the rows the statement gave (its engine in process does not expose SQLite's rows-read counter).
             */
            rows_read?: Int64;
            /**
             * Format: int64
             * @description Rows the statement inserted, updated or deleted.
             */
            rows_written?: Int64;
            /**
             * Format: double
             * @description How long the statement ran, in milliseconds.
             */
            query_duration_ms?: number;
        };
        /**
         * ExecuteStreamResponse
         * @description The answer to `execute`.
         */
        ExecuteStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "execute";
            result: components<Int64>["schemas"]["StmtResult"];
        };
        /**
         * DatabaseError
         * @description An error of the pipeline: in a result of type `error`, in a batch's `step_errors`, and as the
         *     body of a 500 answer. `code` names the kind of error, as libSQL's server (sqld) names it.
         *
         *     An error of SQLite has the name of SQLite's **primary** result code, as sqld gives it:
         *     `SQLITE_CONSTRAINT` (never `SQLITE_CONSTRAINT_PRIMARYKEY`), `SQLITE_READONLY`, `SQLITE_BUSY`,
         *     `SQLITE_UNKNOWN` for a plain `SQLITE_ERROR` at run time (sqld's name for it), with the message
         *     `SQLite error: <SQLite's message>`. The extended code is in `extended_code`.
         *
         *     | code | When |
         *     |---|---|
         *     | `SQL_PARSE_ERROR` | the SQL text does not parse: a syntax error, an unfinished statement, an unknown token (`SQL string could not be parsed: ...`); or it holds a statement sqld does not run (`SQL string could not be parsed: unsupported statement: <the text>`: `VACUUM`, `ANALYZE`, `CREATE TEMP ...`, an unknown pragma, a pragma sqld only reads given a value) |
         *     | `SQL_INPUT_ERROR` | SQLite refuses the statement while compiling it, at a place in the text: no such column or function, a table that already exists (`SQL input error: ... (at offset N)`) |
         *     | `SQL_NO_STATEMENT`, `SQL_MANY_STATEMENTS` | `execute`, a batch step or `describe` holds no statement, or more than one (use `sequence` or a batch) |
         *     | `ARGS_INVALID` | a parameter has no value, or more positional values than parameters were given |
         *     | `ARGS_BOTH_POSITIONAL_AND_NAMED` | both `args` and `named_args` were given |
         *     | `SQL_NOT_FOUND`, `SQL_EXISTS`, `SQL_STORE_TOO_MANY`, `SQL_STORE_TOO_LARGE` | stored SQL texts (`sql_id`): unknown, taken, more than 50 per stream (150 per WebSocket connection), over 5 000 bytes |
         *     | `SQLITE_BUSY` | another stream held the write lock past the wait (sqld and the mock wait 5 s) |
         *     | `RESPONSE_TOO_LARGE` | the rows passed the answer size limit |
         *     | `STREAM_CLOSED`, `STREAM_EXPIRED`, `BATON_REUSED`, `BATON_INVALID` | the stream cannot serve the request |
         *
         *     The mock adds, for its limits (see the description of the API): `SQLITE_AUTH` (the statement
         *     reaches outside the database or its connection: ATTACH, DETACH, a function off the allow-list),
         *     `SQLITE_INTERRUPT` (the statement ran past the time limit), `SQLITE_NOMEM` (past the memory
         *     limit), `STREAM_LIMIT_REACHED`, `DATABASE_LIMIT_REACHED` and `REQUEST_INVALID` (a request
         *     sqld refuses whole, such as both `sql` and `sql_id`, or conditions nested too deep).
         */
        DatabaseError: {
            /** @description What went wrong, for people. */
            message: string;
            /** @description The kind of error, for programs. */
            code?: string | null;
            /**
             * @description SQLite's extended result code, where SQLite made the error (`SQLITE_CONSTRAINT_PRIMARYKEY`,
             *     `SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_ERROR`); libSQL's TypeScript client calls it
             *     `extendedCode`. Clients that do not know it ignore it.
             */
            extended_code?: string | null;
        };
        /**
         * BatchResult
         * @description The outcome of a batch, one entry per step in both arrays: a step that succeeded has its
         *     result and a null error; a step that failed has a null result and its error; a step that did
         *     not run (its condition did not hold) has null in both.
         */
        BatchResult: {
            /** @description The result of each step, null when the step failed or did not run. */
            step_results: (components<Int64>["schemas"]["StmtResult"] | null)[];
            /** @description The error of each step, null when the step succeeded or did not run. */
            step_errors: (components<Int64>["schemas"]["DatabaseError"] | null)[];
        };
        /**
         * BatchStreamResponse
         * @description The answer to `batch`.
         */
        BatchStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "batch";
            result: components<Int64>["schemas"]["BatchResult"];
        };
        /**
         * SequenceStreamResponse
         * @description The answer to `sequence`: the script ran.
         */
        SequenceStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "sequence";
        };
        /**
         * DescribeParam
         * @description A parameter of a described statement.
         */
        DescribeParam: {
            /** @description The parameter's name with its prefix, for example `:id`; null for a positional `?`. */
            name: string | null;
        };
        /**
         * DescribeColumn
         * @description A column of a described statement.
         */
        DescribeColumn: {
            /** @description The column's name. */
            name: string;
            /** @description The declared type of the table column; null for an expression. */
            decltype: string | null;
        };
        /**
         * DescribeResult
         * @description What a statement takes and gives, found without running it.
         */
        DescribeResult: {
            /** @description The statement's parameters, in order. */
            params: components<Int64>["schemas"]["DescribeParam"][];
            /** @description The columns of the rows the statement gives. */
            cols: components<Int64>["schemas"]["DescribeColumn"][];
            /** @description Whether the statement is an `EXPLAIN` statement. */
            is_explain: boolean;
            /** @description Whether the statement leaves the database unchanged (a Read Only token may run it). */
            is_readonly: boolean;
        };
        /**
         * DescribeStreamResponse
         * @description The answer to `describe`.
         */
        DescribeStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "describe";
            result: components<Int64>["schemas"]["DescribeResult"];
        };
        /**
         * StoreSqlStreamResponse
         * @description The answer to `store_sql`: the SQL text is stored.
         */
        StoreSqlStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "store_sql";
        };
        /**
         * CloseSqlStreamResponse
         * @description The answer to `close_sql`: the SQL text is forgotten.
         */
        CloseSqlStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "close_sql";
        };
        /**
         * CloseStreamResponse
         * @description The answer to `close`: the stream is closed.
         */
        CloseStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "close";
        };
        /**
         * StreamResponse
         * @description The answer to one stream request; its `type` is the request's `type`.
         */
        StreamResponse: components<Int64>["schemas"]["ExecuteStreamResponse"] | components<Int64>["schemas"]["BatchStreamResponse"] | components<Int64>["schemas"]["SequenceStreamResponse"] | components<Int64>["schemas"]["DescribeStreamResponse"] | components<Int64>["schemas"]["StoreSqlStreamResponse"] | components<Int64>["schemas"]["CloseSqlStreamResponse"] | components<Int64>["schemas"]["CloseStreamResponse"];
        /**
         * StreamResultOk
         * @description The request succeeded.
         */
        StreamResultOk: {
            /**
             * @constant
             * @enum {string}
             */
            type: "ok";
            response: components<Int64>["schemas"]["StreamResponse"];
        };
        /**
         * StreamResultError
         * @description The request failed; later requests of the pipeline still ran.
         */
        StreamResultError: {
            /**
             * @constant
             * @enum {string}
             */
            type: "error";
            error: components<Int64>["schemas"]["DatabaseError"];
        };
        /**
         * StreamResult
         * @description The result of one stream request, by `type`: `ok` with the request's `response`, or `error`
         *     with the `error` that made the request fail.
         */
        StreamResult: components<Int64>["schemas"]["StreamResultOk"] | components<Int64>["schemas"]["StreamResultError"];
        /**
         * PipelineResponse
         * @description The answer to a pipeline; the specification does not show it.
         */
        PipelineResponse: {
            /** @description Send it with the next request to continue the stream; null when the stream is closed. */
            baton: string | null;
            /** @description Where the next request of the stream must go; null to keep the current URL. */
            base_url: string | null;
            /** @description One result per request, in the order of the requests. */
            results: components<Int64>["schemas"]["StreamResult"][];
        };
        /**
         * PipelineAuthError
         * @description Why the pipeline refused the request's credentials, in one line.
         */
        PipelineAuthError: {
            /** @description `Unauthorized: ` and the reason, between backquotes. */
            error: string;
        };
        /**
         * GetAutocommitStreamRequest
         * @description Asks whether the stream's connection is in autocommit mode (no transaction open). Version 3 only (`/v3/pipeline`).
         */
        GetAutocommitStreamRequest: {
            /**
             * @constant
             * @enum {string}
             */
            type: "get_autocommit";
        };
        /**
         * StreamRequestV3
         * @description One request on a stream of `/v3/pipeline`: every request of version 2 (`StreamRequest`) and
         *     `get_autocommit`.
         */
        StreamRequestV3: components<Int64>["schemas"]["ExecuteStreamRequest"] | components<Int64>["schemas"]["BatchStreamRequest"] | components<Int64>["schemas"]["SequenceStreamRequest"] | components<Int64>["schemas"]["DescribeStreamRequest"] | components<Int64>["schemas"]["StoreSqlStreamRequest"] | components<Int64>["schemas"]["CloseSqlStreamRequest"] | components<Int64>["schemas"]["CloseStreamRequest"] | components<Int64>["schemas"]["GetAutocommitStreamRequest"];
        /**
         * PipelineRequestV3
         * @description A pipeline of version 3 (`/v3/pipeline`), as `PipelineRequest` with the requests of version 3.
         */
        PipelineRequestV3: {
            /** @description The baton of the previous answer, to continue that stream; absent or null opens a new stream. A baton no answer of this server gave out answers 400. */
            baton?: string | null;
            /** @description The stream requests, run in order. */
            requests: components<Int64>["schemas"]["StreamRequestV3"][];
        };
        /**
         * GetAutocommitStreamResponse
         * @description Whether the stream's connection is in autocommit mode.
         */
        GetAutocommitStreamResponse: {
            /**
             * @constant
             * @enum {string}
             */
            type: "get_autocommit";
            /** @description True when no transaction is open on the stream. */
            is_autocommit: boolean;
        };
        /**
         * StreamResponseV3
         * @description The answer to one request of `/v3/pipeline`; its `type` is the request's `type`.
         */
        StreamResponseV3: components<Int64>["schemas"]["ExecuteStreamResponse"] | components<Int64>["schemas"]["BatchStreamResponse"] | components<Int64>["schemas"]["SequenceStreamResponse"] | components<Int64>["schemas"]["DescribeStreamResponse"] | components<Int64>["schemas"]["StoreSqlStreamResponse"] | components<Int64>["schemas"]["CloseSqlStreamResponse"] | components<Int64>["schemas"]["CloseStreamResponse"] | components<Int64>["schemas"]["GetAutocommitStreamResponse"];
        /**
         * StreamResultOkV3
         * @description The request of `/v3/pipeline` succeeded.
         */
        StreamResultOkV3: {
            /**
             * @constant
             * @enum {string}
             */
            type: "ok";
            response: components<Int64>["schemas"]["StreamResponseV3"];
        };
        /**
         * PipelineResponseV3
         * @description The answer to a pipeline of version 3.
         */
        PipelineResponseV3: {
            /** @description Send it with the next request to continue the stream; null when the stream is closed. */
            baton: string | null;
            /** @description Where the next request of the stream must go; null to keep the current URL. */
            base_url: string | null;
            /** @description One result per request, in the order of the requests. */
            results: (components<Int64>["schemas"]["StreamResultOkV3"] | components<Int64>["schemas"]["StreamResultError"])[];
        };
        /**
         * CursorRequest
         * @description Runs a batch on a stream (a new one without `baton`) and answers its results as a cursor:
         *     lines of JSON, one entry each (`CursorEntry`), after a first line with the stream's next baton.
         */
        CursorRequest: {
            /** @description The baton of the previous answer, to continue that stream; absent or null opens a new stream. A baton no answer of this server gave out answers 400. */
            baton?: string | null;
            batch: components<Int64>["schemas"]["StmtBatch"];
        };
        /**
         * DatabaseId
         * @description ID of a database, the first label of its database URL's host.
         */
        DatabaseId: string;
        /**
         * DatabaseTokenKind
         * @description The kind of a database access token.
         *
         *     | Value | Name | Allows |
         *     |---|---|---|
         *     | `full_access` | FullAccess | reading and writing: every operation |
         *     | `read_only` | ReadOnly | `SELECT` and other read operations only |
         * @enum {string}
         */
        DatabaseTokenKind: "full_access" | "read_only";
        /**
         * DatabaseToken
         * @description A token of the database as listed, without its secret value.
         */
        DatabaseToken: {
            /** @description ID of the token (not the token itself, which is shown only once). */
            id: string;
            kind: components<Int64>["schemas"]["DatabaseTokenKind"];
            /**
             * Format: date-time
             * @description When the token was generated.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the token expires; null when it never expires.
             */
            expires_at: string | null;
            /**
             * @description Whether a request carrying the token is accepted now: false once the tokens were
             *     invalidated or regenerated, and once `expires_at` has passed.
             */
            valid: boolean;
        };
        /**
         * DatabaseTokenList
         * @description Every token of a database, valid or not, oldest first, without secret values.
         */
        DatabaseTokenList: {
            /** @description ID of the database. */
            database_id: string;
            tokens: components<Int64>["schemas"]["DatabaseToken"][];
        };
        /**
         * DatabaseManagementError
         * @description Why a token management request failed. `error_key` names the kind of failure for programs:
         *
         *     | error_key | Status | Meaning |
         *     |---|---|---|
         *     | `request.invalid` | 400 | the path or the body is not valid |
         *     | `database.not_found` | 404 | no database with this ID in the account |
         */
        DatabaseManagementError: {
            /** @description The kind of failure, for programs. */
            error_key: string;
            /** @description What went wrong, for people. Never contains a token. */
            message: string;
        };
        /**
         * CreateDatabaseTokensRequest
         * @description Which tokens to generate and for how long. Generating tokens leaves every existing token of the
         *     database valid. An empty body generates a Full Access and a Read Only token without expiry.
         */
        CreateDatabaseTokensRequest: {
            /** @description The kinds of token to generate, one token per kind. Absent means both kinds. */
            kinds?: components<Int64>["schemas"]["DatabaseTokenKind"][];
            /**
             * Format: int32
             * @description The tokens expire this many days after their creation (at most 36500, 100 years); null or absent means they never expire. A larger value answers 400.
             */
            expires_in_days?: number | null;
        };
        /**
         * IssuedDatabaseToken
         * @description A token just generated, with its secret value. The value is displayed only this once.
         */
        IssuedDatabaseToken: {
            /** @description ID of the token, as in the token listing. */
            id: string;
            kind: components<Int64>["schemas"]["DatabaseTokenKind"];
            /**
             * Format: password
             * @description The access token, sent as `Authorization: Bearer <ACCESS_TOKEN>` or given to a client
             *     library (`PLATFORM_DATABASE_AUTH_TOKEN`). An opaque string, returned only in this answer.
             */
            token: string;
            /**
             * Format: date-time
             * @description When the token was generated.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the token expires; null when it never expires.
             */
            expires_at: string | null;
        };
        /**
         * DatabaseTokensIssued
         * @description The tokens just generated for a database, each with its secret value (displayed only once).
         */
        DatabaseTokensIssued: {
            /** @description ID of the database. */
            database_id: string;
            /**
             * Format: uri
             * @description The database URL to use with the tokens, `libsql://<database_id>.<platform_database_suffix>`
             *     (`PLATFORM_DATABASE_URL`).
             */
            database_url: string;
            /** @description One token per kind asked for. */
            tokens: components<Int64>["schemas"]["IssuedDatabaseToken"][];
        };
        /**
         * InvalidateDatabaseTokensRequest
         * @description Invalidates every token of the database at once. With `regenerate`, a new Full Access and a new
         *     Read Only token are generated in the same step (Regenerate Tokens); without it, the database is
         *     left without a valid token until tokens are generated again.
         */
        InvalidateDatabaseTokensRequest: {
            /** @description Generate a replacement pair of tokens (Full Access and Read Only, no expiry) right away. Absent means false. */
            regenerate?: boolean;
        };
        /**
         * DatabaseTokensInvalidated
         * @description The outcome of invalidating a database's tokens, with the replacement tokens when they were regenerated.
         */
        DatabaseTokensInvalidated: {
            /** @description ID of the database. */
            database_id: string;
            /**
             * Format: uri
             * @description The database URL (`PLATFORM_DATABASE_URL`).
             */
            database_url: string;
            /**
             * Format: int32
             * @description How many tokens were valid and are now invalid.
             */
            invalidated: number;
            /**
             * @description The replacement Full Access and Read Only tokens, each with its secret value (displayed only
             *     once), when `regenerate` was asked for; otherwise empty.
             */
            tokens: components<Int64>["schemas"]["IssuedDatabaseToken"][];
        };
    };
    responses: {
        /** @description The request is malformed (not the protocol's shape, or a baton this server never gave out or gave to another token). The body is a plain-text explanation. */
        PipelineBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "text/plain": string;
            };
        };
        /**
         * @description The token is missing, unknown, expired or invalidated. The body names the reason in the words
         *     of libSQL's server (sqld): ``Unauthorized: `The JWT is invalid` `` for a token that is
         *     unknown, invalidated or for another database, ``Unauthorized: `The JWT has expired` `` for an
         *     expired one, ``Unauthorized: `Expected authorization header but none given` `` without one.
         */
        PipelineUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["PipelineAuthError"];
            };
        };
        /**
         * @description The stream cannot continue: its baton was already used (`BATON_REUSED`) or its stream
         *     expired (`STREAM_EXPIRED`). Open a new stream (send no baton).
         */
        PipelineStreamError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["DatabaseError"];
            };
        };
        /** @description The database ID or the body is not valid. */
        DatabaseManagementBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["DatabaseManagementError"];
            };
        };
        /** @description Authentication failed (missing or wrong `AccessKey`). No body. */
        DatabaseManagementUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description No database with this ID in the account. */
        DatabaseNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["DatabaseManagementError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type SqlNull<Int64 extends number | bigint = number> = components<Int64>['schemas']['SqlNull'];
export type SqlInteger<Int64 extends number | bigint = number> = components<Int64>['schemas']['SqlInteger'];
export type SqlFloat<Int64 extends number | bigint = number> = components<Int64>['schemas']['SqlFloat'];
export type SqlText<Int64 extends number | bigint = number> = components<Int64>['schemas']['SqlText'];
export type SqlBlob<Int64 extends number | bigint = number> = components<Int64>['schemas']['SqlBlob'];
export type SqlValue<Int64 extends number | bigint = number> = components<Int64>['schemas']['SqlValue'];
export type NamedArg<Int64 extends number | bigint = number> = components<Int64>['schemas']['NamedArg'];
export type Stmt<Int64 extends number | bigint = number> = components<Int64>['schemas']['Stmt'];
export type ExecuteStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['ExecuteStreamRequest'];
export type BatchCondOk<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchCondOk'];
export type BatchCondError<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchCondError'];
export type BatchCond<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchCond'];
export type BatchCondNot<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchCondNot'];
export type BatchCondAnd<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchCondAnd'];
export type BatchCondOr<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchCondOr'];
export type BatchCondIsAutocommit<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchCondIsAutocommit'];
export type BatchStep<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchStep'];
export type StmtBatch<Int64 extends number | bigint = number> = components<Int64>['schemas']['StmtBatch'];
export type BatchStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchStreamRequest'];
export type SequenceStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['SequenceStreamRequest'];
export type DescribeStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['DescribeStreamRequest'];
export type StoreSqlStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['StoreSqlStreamRequest'];
export type CloseSqlStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['CloseSqlStreamRequest'];
export type CloseStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['CloseStreamRequest'];
export type StreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamRequest'];
export type PipelineRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['PipelineRequest'];
export type StmtColumn<Int64 extends number | bigint = number> = components<Int64>['schemas']['StmtColumn'];
export type StmtResult<Int64 extends number | bigint = number> = components<Int64>['schemas']['StmtResult'];
export type ExecuteStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['ExecuteStreamResponse'];
export type DatabaseError<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseError'];
export type BatchResult<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchResult'];
export type BatchStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['BatchStreamResponse'];
export type SequenceStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['SequenceStreamResponse'];
export type DescribeParam<Int64 extends number | bigint = number> = components<Int64>['schemas']['DescribeParam'];
export type DescribeColumn<Int64 extends number | bigint = number> = components<Int64>['schemas']['DescribeColumn'];
export type DescribeResult<Int64 extends number | bigint = number> = components<Int64>['schemas']['DescribeResult'];
export type DescribeStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['DescribeStreamResponse'];
export type StoreSqlStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['StoreSqlStreamResponse'];
export type CloseSqlStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['CloseSqlStreamResponse'];
export type CloseStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['CloseStreamResponse'];
export type StreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamResponse'];
export type StreamResultOk<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamResultOk'];
export type StreamResultError<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamResultError'];
export type StreamResult<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamResult'];
export type PipelineResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['PipelineResponse'];
export type PipelineAuthError<Int64 extends number | bigint = number> = components<Int64>['schemas']['PipelineAuthError'];
export type GetAutocommitStreamRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['GetAutocommitStreamRequest'];
export type StreamRequestV3<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamRequestV3'];
export type PipelineRequestV3<Int64 extends number | bigint = number> = components<Int64>['schemas']['PipelineRequestV3'];
export type GetAutocommitStreamResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['GetAutocommitStreamResponse'];
export type StreamResponseV3<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamResponseV3'];
export type StreamResultOkV3<Int64 extends number | bigint = number> = components<Int64>['schemas']['StreamResultOkV3'];
export type PipelineResponseV3<Int64 extends number | bigint = number> = components<Int64>['schemas']['PipelineResponseV3'];
export type CursorRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['CursorRequest'];
export type DatabaseId<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseId'];
export type DatabaseTokenKind<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseTokenKind'];
export type DatabaseToken<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseToken'];
export type DatabaseTokenList<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseTokenList'];
export type DatabaseManagementError<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseManagementError'];
export type CreateDatabaseTokensRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['CreateDatabaseTokensRequest'];
export type IssuedDatabaseToken<Int64 extends number | bigint = number> = components<Int64>['schemas']['IssuedDatabaseToken'];
export type DatabaseTokensIssued<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseTokensIssued'];
export type InvalidateDatabaseTokensRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['InvalidateDatabaseTokensRequest'];
export type DatabaseTokensInvalidated<Int64 extends number | bigint = number> = components<Int64>['schemas']['DatabaseTokensInvalidated'];
export type ResponsePipelineBadRequest<Int64 extends number | bigint = number> = components<Int64>['responses']['PipelineBadRequest'];
export type ResponsePipelineUnauthorized<Int64 extends number | bigint = number> = components<Int64>['responses']['PipelineUnauthorized'];
export type ResponsePipelineStreamError<Int64 extends number | bigint = number> = components<Int64>['responses']['PipelineStreamError'];
export type ResponseDatabaseManagementBadRequest<Int64 extends number | bigint = number> = components<Int64>['responses']['DatabaseManagementBadRequest'];
export type ResponseDatabaseManagementUnauthorized<Int64 extends number | bigint = number> = components<Int64>['responses']['DatabaseManagementUnauthorized'];
export type ResponseDatabaseNotFound<Int64 extends number | bigint = number> = components<Int64>['responses']['DatabaseNotFound'];
export type $defs = Record<string, never>;
export interface operations<Int64 extends number | bigint = number> {
    runPipeline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["PipelineRequest"];
                "text/json": components<Int64>["schemas"]["PipelineRequest"];
                "application/*+json": components<Int64>["schemas"]["PipelineRequest"];
            };
        };
        responses: {
            /** @description One result per request, in order; the stream's next baton. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["PipelineResponse"];
                };
            };
            400: components<Int64>["responses"]["PipelineBadRequest"];
            401: components<Int64>["responses"]["PipelineUnauthorized"];
            500: components<Int64>["responses"]["PipelineStreamError"];
        };
    };
    getPipelineVersion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Version 2 is served. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Version 2 is not served by this host. No body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    runPipelineV3: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["PipelineRequestV3"];
                "text/json": components<Int64>["schemas"]["PipelineRequestV3"];
                "application/*+json": components<Int64>["schemas"]["PipelineRequestV3"];
            };
        };
        responses: {
            /** @description One result per request, in order; the stream's next baton. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["PipelineResponseV3"];
                };
            };
            400: components<Int64>["responses"]["PipelineBadRequest"];
            401: components<Int64>["responses"]["PipelineUnauthorized"];
            500: components<Int64>["responses"]["PipelineStreamError"];
        };
    };
    runCursor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["CursorRequest"];
                "text/json": components<Int64>["schemas"]["CursorRequest"];
                "application/*+json": components<Int64>["schemas"]["CursorRequest"];
            };
        };
        responses: {
            /** @description The stream's next baton on the first line, then one entry per line (see `CursorEntry`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components<Int64>["responses"]["PipelineBadRequest"];
            401: components<Int64>["responses"]["PipelineUnauthorized"];
            500: components<Int64>["responses"]["PipelineStreamError"];
        };
    };
    getPipelineVersionV3: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Version 3 is served. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Version 3 is not served by this host. No body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listDatabaseTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description ID of the database: the first label of its database URL's host,
                 *     `libsql://<database_id>.<platform_database_suffix>`.
                 */
                databaseId: components<Int64>["schemas"]["DatabaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database's tokens, without their secret values. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["DatabaseTokenList"];
                };
            };
            400: components<Int64>["responses"]["DatabaseManagementBadRequest"];
            401: components<Int64>["responses"]["DatabaseManagementUnauthorized"];
            404: components<Int64>["responses"]["DatabaseNotFound"];
        };
    };
    createDatabaseTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description ID of the database: the first label of its database URL's host,
                 *     `libsql://<database_id>.<platform_database_suffix>`.
                 */
                databaseId: components<Int64>["schemas"]["DatabaseId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components<Int64>["schemas"]["CreateDatabaseTokensRequest"];
                "text/json": components<Int64>["schemas"]["CreateDatabaseTokensRequest"];
                "application/*+json": components<Int64>["schemas"]["CreateDatabaseTokensRequest"];
            };
        };
        responses: {
            /** @description The tokens were generated; their secret values are shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["DatabaseTokensIssued"];
                };
            };
            400: components<Int64>["responses"]["DatabaseManagementBadRequest"];
            401: components<Int64>["responses"]["DatabaseManagementUnauthorized"];
            404: components<Int64>["responses"]["DatabaseNotFound"];
        };
    };
    invalidateDatabaseTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description ID of the database: the first label of its database URL's host,
                 *     `libsql://<database_id>.<platform_database_suffix>`.
                 */
                databaseId: components<Int64>["schemas"]["DatabaseId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components<Int64>["schemas"]["InvalidateDatabaseTokensRequest"];
                "text/json": components<Int64>["schemas"]["InvalidateDatabaseTokensRequest"];
                "application/*+json": components<Int64>["schemas"]["InvalidateDatabaseTokensRequest"];
            };
        };
        responses: {
            /** @description Every existing token is invalid; the replacement tokens, when regenerated, are shown this once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["DatabaseTokensInvalidated"];
                };
            };
            400: components<Int64>["responses"]["DatabaseManagementBadRequest"];
            401: components<Int64>["responses"]["DatabaseManagementUnauthorized"];
            404: components<Int64>["responses"]["DatabaseNotFound"];
        };
    };
}
