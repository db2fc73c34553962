// Memory per namespace: a state snapshot of about 1 MB put into a namespace (`PUT /_mock/state`)
// keeps at most 10x its size in the mock's heap (goal), so that the defaults (1,000 namespaces of
// 2 MB) fit. For each shape of state (an area's records as its contract writes them: DNS records,
// video collections, storage zones), one snapshot is put into 10 namespaces of a mock in this
// process over HTTP (its door and journal included); the figure is the heap each kept (after full collections), over the snapshot's JSON size.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startMock } from '@platform-contracts/mock';
import type { Goal } from './goals.ts';
import { DNS_RECORDS, type StateShape, VIDEO_COLLECTIONS } from './state-shapes.ts';

const SNAPSHOT_BYTES = 1_000_000;
const NAMESPACES = 10;
const GOAL = 10;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Items of each shape until their JSON reaches SNAPSHOT_BYTES, and the snapshot that holds them. */
const SHAPES: StateShape[] = [
  DNS_RECORDS,
  VIDEO_COLLECTIONS,
  {
    name: 'storage zones (with their pull zones)',
    item: (i, seed) => ({ ...structuredClone(seed), Id: 100_000 + i, Name: `zone-${i}` }),
    snapshot: (zones) => ({ storage: { zones } }),
  },
];

export async function measureSnapshotMemory(goals: Goal[]) {
  const caps = { maxStateBytes: 64 * 2 ** 20, dns: { maxRecordsPerZone: 1_000_000 }, video: { maxCollectionsPerLibrary: 1_000_000 } };
  const mock = await startMock({ port: 0, areas: ['dns', 'video', 'storage'], ...caps });
  try {
    const { zones } = (await mock.exportState('bench-seed')).areas.storage as { zones: Record<string, unknown>[] };
    console.log(`\nmemory per namespace: a ${SNAPSHOT_BYTES / 1e6} MB snapshot put into ${NAMESPACES} namespaces (PUT /_mock/state), heap kept per snapshot`);
    for (const shape of SHAPES) {
      const items: unknown[] = [];
      for (let bytes = 0; bytes < SNAPSHOT_BYTES; ) {
        const item = shape.item(items.length, zones[items.length % zones.length]!);
        bytes += JSON.stringify(item).length + 1;
        items.push(item);
      }
      const body = Buffer.from(JSON.stringify({ version: 1, areas: shape.snapshot(items) }));
      const before = heapUsed();
      for (let n = 0; n < NAMESPACES; n++) {
        const answer = await fetch(`${mock.url}/_mock/state?namespace=memory-${n}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
        const text = await answer.text();
        if (answer.status !== 200) throw new Error(`PUT /_mock/state of ${shape.name} answered ${answer.status}: ${text.slice(0, 300)}`);
      }
      const ratio = (heapUsed() - before) / NAMESPACES / body.length;
      mock.reset();
      console.log(`  ${shape.name}: ${(body.length / 1e6).toFixed(2)} MB of JSON keeps ${ratio.toFixed(2)}x its size (goal ≤ ${GOAL}x)`);
      goals.push({ figure: `heap kept by a 1 MB snapshot of ${shape.name}`, value: `${ratio.toFixed(2)}x`, goal: `≤ ${GOAL}x`, met: ratio <= GOAL });
    }
  } finally {
    await mock.close();
  }
}
