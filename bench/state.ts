// Memory of the mock's state under 100,000 creates, over HTTP, in this process: the heap after
// 10,000 and after 100,000 creates, for creates that fill one access key (collections in one
// library, DNS records in one zone: the caps stop them) and creates that each use a new access
// key (the least recently used namespaces are dropped). Baseline: the heap after start-up, in the
// same run. Flat means the 100,000 figure is about the 10,000 one. Then the heap a 1 MB state
// snapshot keeps in a namespace (bench/lib/snapshot-memory.ts; goal ≤ 10x its size).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startMock } from '@platform-contracts/mock';
import { type Goal, printGoals } from './lib/goals.ts';
import { measureSnapshotMemory } from './lib/snapshot-memory.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const CREATES = 100_000;
const CHECKPOINT = 10_000;
const CONCURRENCY = 32;

const heapMiB = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

interface Scenario {
  name: string;
  call(n: number): { path: string; key: string; body: string; contentType: string };
}
const SCENARIOS: Scenario[] = [
  {
    name: 'collections into one library, one key',
    call: (n) => ({ path: '/library/42/collections', key: 'bench', body: JSON.stringify({ name: `c${n}` }), contentType: 'application/json' }),
  },
  {
    name: 'DNS records into one zone, one key',
    call: (n) => ({ path: '/dnszone/12345/import', key: 'bench', body: `h${n}.example.com. IN A 192.0.2.1`, contentType: 'text/plain' }),
  },
  {
    name: 'collections, a new key each',
    call: (n) => ({ path: '/library/42/collections', key: `bench-${n}`, body: JSON.stringify({ name: `c${n}` }), contentType: 'application/json' }),
  },
];

const mock = await startMock({ port: 0, areas: ['video', 'dns'] });
const statuses = new Map<number, number>();

async function run(scenario: Scenario, from: number, to: number) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const { path, key, body, contentType } = scenario.call(next++);
      const response = await fetch(`${mock.url}${path}`, { method: 'POST', headers: { AccessKey: key, 'content-type': contentType }, body });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

try {
  const baseline = heapMiB();
  console.log(`heap after start-up (baseline): ${baseline.toFixed(1)} MiB`);
  for (const scenario of SCENARIOS) {
    mock.reset();
    statuses.clear();
    const started = performance.now();
    await run(scenario, 0, CHECKPOINT);
    const atCheckpoint = heapMiB();
    await run(scenario, CHECKPOINT, CREATES);
    const atEnd = heapMiB();
    const seconds = (performance.now() - started) / 1000;
    const answered = [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
    console.log(
      `${scenario.name}: heap ${atCheckpoint.toFixed(1)} MiB after ${CHECKPOINT.toLocaleString('en')}, ${atEnd.toFixed(1)} MiB after ${CREATES.toLocaleString('en')} ` +
        `(${(atEnd / atCheckpoint).toFixed(2)}× the 10,000 figure, ${(atEnd / baseline).toFixed(2)}× baseline); ${answered}; ${Math.round(CREATES / seconds)} creates/s`,
    );
  }
} finally {
  await mock.close();
}

const goals: Goal[] = [];
await measureSnapshotMemory(goals);
printGoals('pnpm bench state', goals);
if (!goals.every((goal) => goal.met)) process.exitCode = 1;
