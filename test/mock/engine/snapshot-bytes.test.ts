// Memory per namespace (issue 58): a state snapshot put into a namespace keeps at most 10x its
// JSON size, so that the defaults (1,000 namespaces of 2 MB) fit. What a namespace keeps is
// counted as the state size cap counts it (heapBytes: V8's sizes of what an import keeps, not the
// text sent): a mock whose cap is 10x a snapshot's JSON takes it, one whose cap is its JSON size
// refuses it (what is kept costs more than its text, so the count can fail). One row per shape of
// state, each as its area's contract writes it.
import { createMock, type StateSnapshot } from '@platform-contracts/mock';
import { describe, expect, it } from 'vitest';
import { DNS_RECORDS, type StateShape, VIDEO_COLLECTIONS } from '../../../bench/lib/state-shapes.ts';

/** The most heap a snapshot may keep, in bytes of its JSON. */
const KEPT_PER_JSON_BYTE = 10;
const SNAPSHOT_BYTES = 200_000;

const SHAPES = [DNS_RECORDS, VIDEO_COLLECTIONS];

/** Items of a shape until the snapshot's JSON reaches SNAPSHOT_BYTES, and its JSON size. */
function snapshotOf({ item, snapshot: areas }: StateShape): { snapshot: StateSnapshot; bytes: number } {
  const items: unknown[] = [];
  while (JSON.stringify(items).length < SNAPSHOT_BYTES) for (let i = 0; i < 500; i++) items.push(item(items.length, {}));
  const snapshot: StateSnapshot = { version: 1, namespace: 'kept', areas: areas(items) };
  return { snapshot, bytes: Buffer.byteLength(JSON.stringify(snapshot)) };
}

/** Whether a mock whose state size cap is `maxStateBytes` takes the snapshot into a namespace. */
async function takes(snapshot: StateSnapshot, maxStateBytes: number): Promise<boolean> {
  const mock = await createMock({
    areas: ['dns', 'video'],
    maxStateBytes,
    dns: { maxRecordsPerZone: 1_000_000 },
    video: { maxCollectionsPerLibrary: 1_000_000 },
  });
  try {
    await mock.importState(snapshot, 'kept');
    return true;
  } catch (error) {
    expect((error as Error).message).toMatch(/limit reached: the mock keeps at most about \d+ bytes of state/);
    return false;
  } finally {
    await mock.close();
  }
}

describe(`a snapshot keeps at most ${KEPT_PER_JSON_BYTE}x its JSON size in its namespace`, () => {
  it.each(SHAPES)('$name: taken under a cap of 10x its JSON size', async (shape) => {
    const { snapshot, bytes } = snapshotOf(shape);
    expect(await takes(snapshot, KEPT_PER_JSON_BYTE * bytes)).toBe(true);
  });

  it.each(SHAPES)('$name: refused under a cap of its JSON size (what is kept is counted, not the text)', async (shape) => {
    const { snapshot, bytes } = snapshotOf(shape);
    expect(await takes(snapshot, bytes)).toBe(false);
  });
});
