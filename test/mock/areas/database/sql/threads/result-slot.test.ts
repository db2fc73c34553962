// A worker hands the HTTP thread its largest result's JSON text through one slot of shared memory
// (sql/threads/result-slot.ts) instead of a string copied into its message: the text read out is
// the one the worker wrote, byte for byte; the slot holds one text at a time (a second waits for
// none: it goes in its message) and is free again once the text was read: alone, or with its
// answer's text around it in one string, or when the worker's next outcomes are read if nothing read it.
import { afterAll, describe, expect, it } from 'vitest';
import type { LeasedText } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import { createSqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import {
  HEAD_ROOM,
  ResultSlot,
  readOutcomes,
  SLOT_BYTES,
  SLOT_MIN_BYTES,
  SlotReader,
  TAIL_ROOM,
} from '../../../../../../packages/mock/src/areas/database/sql/threads/result-slot.ts';
import { knownJsonText } from '../../../../../../packages/mock/src/engine/json-text.ts';

/** A text's bytes, padded with spaces (JSON's) to the shortest the slot takes. */
const bytesOf = (text: string) => Buffer.from(text.padEnd(SLOT_MIN_BYTES), 'utf8');
const padded = (text: string) => text.padEnd(SLOT_MIN_BYTES);

describe('a result slot', () => {
  it('holds one text at a time: taken when free, free again once read', () => {
    const slot = new ResultSlot();
    const reader = new SlotReader(slot.buffer);
    const first = slot.handOff(bytesOf('{"a":1}'), false);
    expect(first).toEqual({ slot: SLOT_MIN_BYTES, wide: false });
    expect(slot.handOff(bytesOf('{"b":2}'), false)).toBeUndefined();
    expect(reader.take(first!)).toBe(padded('{"a":1}'));
    const again = slot.handOff(bytesOf('"é\u2028"'), true);
    expect(reader.take(again!)).toBe(padded('"é\u2028"'));
    expect([slot.put, reader.read]).toEqual([2, 2]);
  });

  it('takes no text longer than it holds, nor shorter than SLOT_MIN_BYTES', () => {
    const slot = new ResultSlot();
    expect(slot.handOff(new Uint8Array(SLOT_BYTES + 1), false)).toBeUndefined();
    expect(slot.handOff(new Uint8Array(SLOT_MIN_BYTES - 1), false)).toBeUndefined();
    expect(slot.handOff(new Uint8Array(SLOT_BYTES).fill(0x20), false)).toEqual({ slot: SLOT_BYTES, wide: false });
  });

  it("reads a worker's outcomes: text parsed, with that text as their JSON; a slot's text leased, the slot held until it is read", () => {
    const slot = new ResultSlot();
    const reader = new SlotReader(slot.buffer);
    const json = '{"type":"ok","response":{"type":"close"}}';
    const inSlot = { type: 'ok', response: { type: 'close' }, json: slot.handOff(bytesOf(json), false) };
    const text = padded(json);
    const [parsed, taken] = readOutcomes([json, inSlot as never], reader);
    expect(parsed).toEqual({ type: 'ok', response: { type: 'close' } });
    expect(knownJsonText(parsed)).toBe(json);
    expect(slot.handOff(bytesOf('{}'), false)).toBeUndefined();
    const lease = (taken as unknown as { json: LeasedText }).json;
    expect([lease.text(), String(lease), JSON.stringify({ json: lease })]).toEqual([text, text, JSON.stringify({ json: text })]);
    expect(slot.handOff(bytesOf('{}'), false)).toEqual({ slot: SLOT_MIN_BYTES, wide: false });
    expect(reader.read).toBe(1);
  });

  it("frees the slot when the worker's next outcomes are read, if nothing read its text", () => {
    const slot = new ResultSlot();
    const reader = new SlotReader(slot.buffer);
    const [leased] = readOutcomes([{ type: 'ok', response: { type: 'close' }, json: slot.handOff(bytesOf('{"a":1}'), false) } as never], reader);
    // Held meanwhile: the worker's next text goes in its message, and reading that message frees the slot.
    expect(slot.handOff(bytesOf('{"b":2}'), false)).toBeUndefined();
    const [next] = readOutcomes(['{"type":"ok","response":{"type":"close"}}'], reader);
    expect(knownJsonText(next)).toBe('{"type":"ok","response":{"type":"close"}}');
    expect(reader.read).toBe(1);
    expect(String((leased as unknown as { json: LeasedText }).json)).toBe(padded('{"a":1}'));
    expect(slot.handOff(bytesOf('{}'), false)).toEqual({ slot: SLOT_MIN_BYTES, wide: false });
  });

  // Each case: the text's encoding, the head and tail around it, and whether they are read with it in one string.
  const aroundCases: [string, { text: string; wide: boolean; head: string; tail: string; around: boolean }][] = [
    ['ASCII, ASCII around', { text: '{"rows":[1]}', wide: false, head: '{"baton":null,"results":[', tail: ']}', around: true }],
    ['ASCII, Latin-1 around', { text: '{"rows":[1]}', wide: false, head: '["é",', tail: ',"ÿ"]', around: true }],
    ['UTF-8, UTF-8 around', { text: '"é\u2028€"', wide: true, head: '["€\u2028",', tail: ',"😀"]', around: true }],
    ['ASCII, beyond Latin-1 in the head', { text: '{"a":1}', wide: false, head: '["€",', tail: ']', around: false }],
    ['ASCII, beyond Latin-1 in the tail', { text: '{"a":1}', wide: false, head: '[', tail: ',"€"]', around: false }],
    ['a head longer than HEAD_ROOM', { text: '{"a":1}', wide: false, head: `["${'h'.repeat(HEAD_ROOM)}",`, tail: ']', around: false }],
    ['a head of HEAD_ROOM', { text: '{"a":1}', wide: true, head: 'h'.repeat(HEAD_ROOM), tail: '', around: true }],
    ['a tail longer than TAIL_ROOM', { text: '{"a":1}', wide: true, head: '[', tail: `,"${'t'.repeat(TAIL_ROOM)}"]`, around: false }],
    ['a tail of TAIL_ROOM', { text: '{"a":1}', wide: false, head: '', tail: 't'.repeat(TAIL_ROOM), around: true }],
  ];
  it.each(aroundCases)('reads a text with its answer around it in one string: %s', (_, { text, wide, head, tail, around }) => {
    const slot = new ResultSlot();
    const reader = new SlotReader(slot.buffer);
    const [outcome] = readOutcomes([{ type: 'ok', response: { type: 'close' }, json: slot.handOff(bytesOf(text), wide) } as never], reader);
    const lease = (outcome as unknown as { json: LeasedText }).json;
    const inSlot = padded(text);
    const whole = lease.around(head, tail);
    expect(whole).toBe(around ? `${head}${inSlot}${tail}` : undefined);
    // Its UTF-8 length comes with it, from the slot's length (not counted over the text): as Buffer.byteLength counts it.
    expect(lease.aroundBytes).toBe(around ? Buffer.byteLength(whole!) : undefined);
    expect(reader.around).toBe(around ? 1 : 0);
    expect(lease.text()).toBe(inSlot);
    expect(lease.around(head, tail)).toBeUndefined();
    expect(reader.read).toBe(1);
    expect(slot.handOff(bytesOf('{}'), false)).toBeDefined();
  });
});

describe("an engine worker's results through its slot", () => {
  const engine = createSqlEngine({
    // biome-ignore format: one line
    limits: { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 10_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, maxDatabases: 4, engineWorkers: 1 },
  });
  afterAll(() => engine.close());
  const rows = (count: number, text: string) => ({
    type: 'execute' as const,
    stmt: { sql: `WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < ${count}) SELECT v, '${text} ' || v, v * 1.5 FROM c` },
  });
  const json = <T extends object>(request: T) => ({ ...request, encoding: 'json' as const });
  const timed = /"query_duration_ms":[0-9.e+-]+/g;
  const untimed = (text: unknown) => String(text).replace(timed, '"query_duration_ms":0');

  it('are the texts the worker wrote: one run through the slot at a time, the slot free again for the next run', async () => {
    const database = engine.database('slot\u00000', 'db');
    const requests = [rows(1000, 'row'), rows(900, 'ligne é'), rows(3, 'small')];
    const expected = (await database.executor.run(1, 'full', requests)).map((outcome) => untimed(JSON.stringify(outcome)));
    const reader = () => engine.workerOf('slot\u00000', 'db')!.results!;
    const before = reader().read;
    for (let run = 0; run < 3; run++) {
      const outcomes = await database.executor.run(2 + run, 'full', requests.map(json));
      expect(outcomes.map((outcome) => untimed((outcome as { json?: string }).json))).toEqual(expected);
      // The first result of each run went through the slot; the two after it, while the slot held it, in the message.
      expect(reader().read - before).toBe(run + 1);
    }
  });
});
