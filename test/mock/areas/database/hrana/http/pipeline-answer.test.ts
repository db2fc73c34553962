// An HTTP pipeline's answer when a result's text is still in its worker's slot (sql/threads/result-slot.ts):
// the answer's text is read around it, in one string made from the slot, and is the text the answer
// had when the result's text was read out first and joined (byte for byte, but for the query's
// duration); when the rest of the answer does not fit around it, the answer is joined as before.
import { afterAll, describe, expect, it } from 'vitest';
import { pipelineAnswer } from '../../../../../../packages/mock/src/areas/database/hrana/http/handlers.ts';
import { leasedTextOf, runPipeline, type WireRequest } from '../../../../../../packages/mock/src/areas/database/hrana/pipeline-runner.ts';
import type { Stream } from '../../../../../../packages/mock/src/areas/database/namespaces/stream-table.ts';
import { createSqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import { TAIL_ROOM } from '../../../../../../packages/mock/src/areas/database/sql/threads/result-slot.ts';
import { knownJsonLength, knownJsonText } from '../../../../../../packages/mock/src/engine/json-text.ts';

const engine = createSqlEngine({
  // biome-ignore format: one line
  limits: { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 10_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, maxDatabases: 4, engineWorkers: 1 },
});
afterAll(() => engine.close());

const rows = (count: number, text: string): WireRequest => ({
  type: 'execute',
  stmt: { sql: `WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < ${count}) SELECT v, '${text} ' || v, v * 1.5 FROM c` },
});
const small = (value: number): WireRequest => ({ type: 'execute', stmt: { sql: `SELECT ${value}` } });
const literal = (value: string): WireRequest => ({ type: 'execute', stmt: { sql: `SELECT '${value}'` } });
const untimed = (text: unknown) => String(text).replace(/"query_duration_ms":[0-9.e+-]+/g, '"query_duration_ms":0');

let nextStream = 1;
async function answer(requests: WireRequest[], leased: boolean) {
  const stream = { id: nextStream++, access: 'full', stored: new Map(), closed: false, database: engine.database('answer\u00000', 'db') } as unknown as Stream;
  const results = await runPipeline(stream, requests, 2, 'json', leased);
  const leases = results.filter((result) => leasedTextOf(result) !== undefined).length;
  const reader = engine.workerOf('answer\u00000', 'db')!.results!;
  const around = reader.around;
  const body = pipelineAnswer('a-baton', results);
  const text = knownJsonText(body) as string;
  return { text, bytes: knownJsonLength(body, text), leases, readAround: reader.around - around };
}

// Each case: the pipeline's requests, and whether its answer is read around the result in the slot.
const cases: [string, WireRequest[], boolean][] = [
  ['a 1,000-row select and its close', [rows(1000, 'row'), { type: 'close' }], true],
  ['results before and after it, and text beyond ASCII', [small(1), rows(800, 'ligne é'), small(2), { type: 'close' }], true],
  ['ASCII rows, Latin-1 before and after them', [literal('é'), rows(800, 'row'), literal('ÿ'), { type: 'close' }], true],
  ['after it, more text than TAIL_ROOM', [rows(500, 'row'), ...Array.from({ length: Math.ceil(TAIL_ROOM / 60) + 10 }, (_, i) => small(i))], false],
];

describe("an HTTP pipeline's answer around a result in its worker's slot", () => {
  it.each(cases)('is the answer joined from the results: %s', async (_, requests, around) => {
    const joined = await answer(requests, false);
    const read = await answer(requests, true);
    expect(joined.leases).toBe(0);
    expect(read.leases).toBe(1);
    expect(read.readAround).toBe(around ? 1 : 0);
    expect(untimed(read.text)).toBe(untimed(joined.text));
    // Read around the slot's text, the answer comes with its length in UTF-8 bytes (the door sends it as Content-Length, uncounted).
    expect(read.bytes).toBe(around ? Buffer.byteLength(read.text) : undefined);
    expect(joined.bytes).toBeUndefined();
    expect(JSON.parse(read.text).results).toHaveLength(requests.length);
  });
});
