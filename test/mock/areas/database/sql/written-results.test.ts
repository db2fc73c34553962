// A worker's results cross to the HTTP thread as the JSON text the worker wrote (issue 47: a
// 1,000-row select's value objects took longer to copy between threads than their text), and the
// HTTP door answers a pipeline with that text rather than writing it again; the answer is still
// validated as any other (answer.ts validates the value whatever its text).
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type LeasedText, outcomeText } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import { bodyText } from '../../../../../packages/mock/src/engine/answer.ts';
import { knownJsonText, withJsonText } from '../../../../../packages/mock/src/engine/json-text.ts';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../../../support/database.ts';
import { validateAnswer } from '../../../../support/openapi.ts';

describe("a worker's outcomes", () => {
  const engine = createSqlEngine({
    // biome-ignore format: one line
    limits: { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, maxDatabases: 4, engineWorkers: 1 },
  });
  afterAll(() => engine.close());

  it('each carry the text the worker wrote, which is their JSON', async () => {
    const outcomes = await engine
      .database('written\u00000', 'db')
      .executor.run(1, 'full', [
        { type: 'execute', stmt: { sql: "SELECT 1 AS n, 'a\u2028\"' AS t, 2.5 AS r, x'00ff' AS b, NULL AS z, -0.0 AS m" } },
        { type: 'batch', steps: [{ sql: 'SELECT 1' }, { condition: { type: 'ok', step: 0 }, sql: 'SELEC 2' }] },
        { type: 'execute', stmt: { sql: 'SELECT 1; SELECT 2' } },
        { type: 'get_autocommit' },
        { type: 'close' },
      ]);
    expect(outcomes.map((outcome) => outcome.type)).toEqual(['ok', 'ok', 'error', 'ok', 'ok']);
    for (const outcome of outcomes) expect(knownJsonText(outcome)).toBe(JSON.stringify(outcome));
  });

  it('in JSON carry the text of the same outcomes with their rows, written as the rows were read: JSON.stringify of them, byte for byte', async () => {
    const sql = "SELECT 1 AS n, 'a\u2028\"\\' AS t, 2.5 AS r, x'00ff' AS b, NULL AS z, -0.0 AS m, 1e300 * 10 AS big, CAST(x'ff' AS TEXT) AS bad";
    const requests = (encoding?: 'json') => [
      {
        type: 'execute' as const,
        stmt: { sql: 'WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < 50) SELECT v, v * 0.5, hex(v) FROM c' },
        encoding,
      },
      // Past 32 KB of rows: text as well, read out of the worker's one slot (a buffer of its own per result was memory outside the heap).
      {
        type: 'execute' as const,
        stmt: { sql: "WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < 1000) SELECT v, 'row ' || v, v * 1.5, x'00ff' FROM c" },
        encoding,
      },
      { type: 'execute' as const, stmt: { sql }, encoding },
      { type: 'execute' as const, stmt: { sql: 'SELECT 9007199254740993 AS i', want_rows: false }, encoding },
      { type: 'execute' as const, stmt: { sql: 'SELECT 1 WHERE 0' }, encoding },
      { type: 'batch' as const, steps: [{ sql: 'SELECT 1 AS x' }, { sql: 'SELEC 2' }, { sql: "SELECT 'b', NULL" }, { sql: 'SELECT 2 WHERE 0' }], encoding },
      { type: 'close' as const },
    ];
    const database = engine.database('written\u00002', 'db');
    const objects = await database.executor.run(1, 'full', requests());
    const written = await database.executor.run(2, 'full', requests('json'));
    // Timings differ between two runs: each outcome's are set to the other's before comparing.
    const timed = /"query_duration_ms":[0-9.e+-]+/g;
    for (const [index, outcome] of written.entries()) {
      // A text of 4 KB or more stays in the worker's slot until read (a lease: threads/result-slot.ts).
      const json = (outcome as { json?: string | LeasedText }).json;
      const text = json === undefined ? JSON.stringify(outcome) : outcomeText(json);
      const expected = JSON.stringify(objects[index]);
      expect(text.replace(timed, '"query_duration_ms":0')).toBe(expected.replace(timed, '"query_duration_ms":0'));
    }
    expect(written.map((outcome) => outcome.type)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    // Every result's JSON came as text, but the long one's, left in the worker's one slot (a lease): no buffer per result.
    expect(written.map((outcome) => ('json' in outcome ? typeof outcome.json : 'none'))).toEqual([
      'object',
      'string',
      'string',
      'none',
      'none',
      'string',
      'none',
    ]);
  });

  it("name a kept statement's columns as last compiled: read once, and again after a schema change compiled it anew", async () => {
    const select = { type: 'execute' as const, stmt: { sql: 'SELECT * FROM t' } };
    const outcomes = await engine
      .database('written\u00001', 'db')
      .executor.run(1, 'full', [
        { type: 'execute', stmt: { sql: 'CREATE TABLE t (a INTEGER)' } },
        { type: 'execute', stmt: { sql: 'INSERT INTO t VALUES (1)' } },
        select,
        select,
        { type: 'execute', stmt: { sql: 'ALTER TABLE t ADD COLUMN b TEXT' } },
        select,
        select,
        { type: 'close' },
      ]);
    const columns = outcomes.map((outcome) =>
      outcome.type === 'ok' && outcome.response.type === 'execute' ? outcome.response.result.cols.map(({ name, decltype }) => `${name} ${decltype}`) : [],
    );
    const widths = outcomes.map((outcome) =>
      outcome.type === 'ok' && outcome.response.type === 'execute' ? outcome.response.result.rows[0]?.length : undefined,
    );
    expect(columns.slice(2, 4)).toEqual([['a INTEGER'], ['a INTEGER']]);
    expect(columns.slice(5, 7)).toEqual([
      ['a INTEGER', 'b TEXT'],
      ['a INTEGER', 'b TEXT'],
    ]);
    expect(widths.slice(5, 7)).toEqual([2, 2]);
  });
});

describe('an answer whose JSON text is known', () => {
  it('is sent as that text, not written again', () => {
    expect(bodyText(withJsonText({ a: 1 }, '{"a": 1}'), 'application/json')).toEqual({ text: '{"a": 1}', holdsBigint: false });
  });

  it('a value without one is written as ever', () => {
    expect(bodyText({ a: 1n }, 'application/json')).toEqual({ text: '{"a":1}', holdsBigint: true });
  });
});

describe('a pipeline over HTTP', () => {
  const mock = useDatabaseMock();

  it("is answered with its results' text: the JSON of its answer, valid under the contract", async () => {
    const requests = [
      { type: 'store_sql', sql_id: 1, sql: 'SELECT ? AS v' },
      { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'text', value: 'x' }] } },
      { type: 'execute', stmt: { sql: 'SELEC 1' } },
      { type: 'execute', stmt: { sql_id: 2 } },
      { type: 'batch', batch: { steps: [{ stmt: { sql: 'SELECT 1' } }, { condition: { type: 'error', step: 0 }, stmt: { sql: 'SELECT 2' } }] } },
      { type: 'get_autocommit' },
      { type: 'close' },
    ];
    const response = await mock.fetch(`${mock.url}/v3/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requests }),
    });
    const text = await response.text();
    const body = JSON.parse(text);
    expect(text).toBe(JSON.stringify(body));
    expect(validateAnswer('database', 'runPipelineV3', response.status, body, response.headers.get('content-type') ?? undefined)).toEqual([]);
    expect(body.baton).toBeNull();
    expect(
      body.results.map((result: { type: string; response?: { type: string }; error?: { code: string } }) => result.response?.type ?? result.error?.code),
    ).toEqual(['store_sql', 'execute', 'SQL_PARSE_ERROR', 'SQL_NOT_FOUND', 'batch', 'get_autocommit', 'close']);
    expect(body.results[1].response.result.rows).toEqual([[{ type: 'text', value: 'x' }]]);
  });
});
