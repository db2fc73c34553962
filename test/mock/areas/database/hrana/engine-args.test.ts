// What the HTTP thread sends an engine worker for a statement's arguments (issue 47): the engine's
// own values (a string, a bigint, a number, null, a blob in a buffer of its own), converted before
// the message is copied to the worker, and a batch's steps with their statement's fields in the
// step. A value the engine cannot take carries its error, which the worker raises only where it
// raised it before: once a parameter takes the value, after the SQL compiled and the arguments matched.
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSteps, runPipeline, type WireRequest } from '../../../../../packages/mock/src/areas/database/hrana/pipeline-runner.ts';
import type { Stream } from '../../../../../packages/mock/src/areas/database/namespaces/stream-table.ts';
import type { SqlValue } from '../../../../../packages/mock/src/areas/database/protocol/protocol.ts';
import { createSqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';

const TOO_LARGE = { type: 'integer', value: '9223372036854775808' } as const;

/** The requests runPipeline sends the executor for `requests`. */
async function sentFor(requests: WireRequest[]): Promise<SqlRequest[]> {
  const sent: SqlRequest[] = [];
  const executor = {
    streams: new Set<number>(),
    run: async (_stream: number, _access: string, batch: SqlRequest[]) => {
      sent.push(...batch);
      return batch.map(() => ({ type: 'ok', response: { type: 'close' } }));
    },
  };
  const stream = { id: 1, access: 'full', stored: new Map([[7, 'SELECT ?']]), closed: false, database: { executor } } as unknown as Stream;
  await runPipeline(stream, requests, 3);
  return sent;
}

describe('the arguments sent to an engine worker', () => {
  it.each<[string, SqlValue, unknown]>([
    ['null', { type: 'null' }, null],
    ['an integer as a bigint', { type: 'integer', value: '-42' }, -42n],
    ['int64 max as a bigint', { type: 'integer', value: '9223372036854775807' }, 9223372036854775807n],
    ['a float as a number', { type: 'float', value: 1.5 }, 1.5],
    ['a float read as a bigint as a number', { type: 'float', value: (10n ** 18n) as never }, 1e18],
    ['text as a string', { type: 'text', value: 'row 1' }, 'row 1'],
    ['a blob as bytes', { type: 'blob', base64: 'AAEC' }, new Uint8Array([0, 1, 2])],
    ['an integer past 64 bits as its error', TOO_LARGE, { refused: { message: 'The integer 9223372036854775808 does not fit 64 bits', code: 'ARGS_INVALID' } }],
    [
      'an infinite float as its error',
      { type: 'float', value: '1e400' as never },
      { refused: { message: 'The float 1e400 is not a finite 64-bit float', code: 'ARGS_INVALID' } },
    ],
  ])('%s', async (_, value, expected) => {
    const [request] = await sentFor([{ type: 'execute', stmt: { sql: 'SELECT ?', args: [value] } }]);
    expect(request).toEqual({ type: 'execute', stmt: { sql: 'SELECT ?', args: [expected] } });
  });

  it('a blob in a buffer of its own (a pooled Buffer would copy its whole pool to the worker)', async () => {
    const [request] = await sentFor([{ type: 'execute', stmt: { sql: 'SELECT ?', args: [{ type: 'blob', base64: 'AAEC' }] } }]);
    const blob = (request as Extract<SqlRequest, { type: 'execute' }>).stmt.args![0] as Uint8Array;
    expect(blob.buffer.byteLength).toBe(3);
    expect(Buffer.isBuffer(blob)).toBe(false);
  });

  it('named arguments converted alike; absent and empty fields are not sent', async () => {
    const [request] = await sentFor([
      { type: 'execute', stmt: { sql: 'SELECT :a', args: [], named_args: [{ name: ':a', value: { type: 'integer', value: '5' } }], want_rows: null } },
    ]);
    expect(request).toStrictEqual({ type: 'execute', stmt: { sql: 'SELECT :a', named_args: [{ name: ':a', value: 5n }] } });
  });

  it("a batch's steps carry their statement's fields, or the error of one that does not resolve", async () => {
    const steps = resolveSteps(
      [
        { stmt: { sql: 'BEGIN', want_rows: false } },
        { condition: { type: 'ok', step: 0 }, stmt: { sql_id: 7, args: [{ type: 'text', value: 'x' }] } },
        { condition: { type: 'ok', step: 1 }, stmt: { sql_id: 8 } },
      ],
      new Map([[7, 'SELECT ?']]),
    );
    expect(steps).toStrictEqual([
      { sql: 'BEGIN', want_rows: false },
      { condition: { type: 'ok', step: 0 }, sql: 'SELECT ?', args: ['x'] },
      { condition: { type: 'ok', step: 1 }, error: { message: 'SQL text 8 not found', code: 'SQL_NOT_FOUND' } },
    ]);
  });
});

describe('a value the engine cannot take, in a worker', () => {
  const engine = createSqlEngine({
    // biome-ignore format: one line
    limits: { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, maxDatabases: 4, engineWorkers: 1 },
  });
  afterAll(() => engine.close());
  const database = engine.database('args\u00000', 'db');
  let stream = 1;
  const errorOf = async (sql: string, args: SqlValue[], named: { name: string; value: SqlValue }[] = []) => {
    const sent = await sentFor([{ type: 'execute', stmt: { sql, args, named_args: named } }]);
    const [outcome] = await database.executor.run(stream++, 'full', [...sent, { type: 'close' }]);
    return outcome!.type === 'error' ? outcome!.error.code : 'ok';
  };

  it.each<[string, string, SqlValue[], { name: string; value: SqlValue }[], string]>([
    ['taken by a parameter: ARGS_INVALID', 'SELECT ?', [TOO_LARGE], [], 'ARGS_INVALID'],
    ['in SQL that does not compile: the SQL error first', 'SELEC ?', [TOO_LARGE], [], 'SQL_PARSE_ERROR'],
    ['one argument too many: that error first', 'SELECT 1', [TOO_LARGE], [], 'ARGS_INVALID'],
    ['beside a bound value', 'SELECT ?, ?', [{ type: 'integer', value: '1' }, TOO_LARGE], [], 'ARGS_INVALID'],
    ['named and taken', 'SELECT :a', [], [{ name: ':a', value: TOO_LARGE }], 'ARGS_INVALID'],
    ['a valid integer, bound', 'SELECT ?', [{ type: 'integer', value: '-9223372036854775808' }], [], 'ok'],
  ])('%s', async (_, sql, args, named, code) => {
    expect(await errorOf(sql, args, named)).toBe(code);
  });

  it('the error names the value, as before', async () => {
    const sent = await sentFor([{ type: 'execute', stmt: { sql: 'SELECT ?', args: [TOO_LARGE] } }]);
    const [outcome] = await database.executor.run(stream++, 'full', [...sent, { type: 'close' }]);
    expect(outcome).toEqual({ type: 'error', error: { message: 'The integer 9223372036854775808 does not fit 64 bits', code: 'ARGS_INVALID' } });
  });
});
