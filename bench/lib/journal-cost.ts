// What the request journal (with the coverage counts and violation checks recorded with it) costs
// per request, in `pnpm bench mock` and on its own in `pnpm bench journal`: the same mock with it
// on (the default) and off (`journal: false`), as ratios of CPU time per request in the process
// that answers (process.cpuUsage: what a busy, shared machine disturbs least):
// - in process: validated creates (POST video) through the client on `mock.fetch`;
// - over HTTP: POST video creates at 10 keep-alive connections against the mock's server.
// How, and why:
// - Each side runs in a process of its own, started with the same heap flags. Two mocks in one
//   process share its heap and its optimized code: the side with the journal made the other's
//   collections dearer, and the in-process cost came out at half what a process pays alone. The
//   young generation is fixed at V8's largest default (16 MB a semi-space: no side's collections
//   follow a size V8 chose by itself) and collected on the main thread (--single-threaded-gc: its
//   cost is counted in the process's CPU time alike, without helper threads scheduled however the
//   machine allows).
// - Warm-up first (V8 optimizes the mock's long path only after a few thousand calls) and a full
//   collection, then short slices (about 10 ms of CPU each), one side at a time, alternating, the
//   first side taking turns. A slice allocates less than the young generation holds (a create
//   allocates about 24 KB) and ends with a young collection, counted: each slice pays for
//   collecting what its own requests left, and no slice happens to pay for another's (a natural
//   collection every 300 calls fell in one slice of two, and the median skipped the journal's part
//   of it). No full collection between slices: after one, the next slices cost up to four times
//   more (V8 gives back the young generation's pages and touches them afresh).
// - A process is a draw: V8's choices (what it inlines, where things lie in memory) make the same
//   mock cost a few percent more or less for the whole life of one process. With one process a
//   side, two runs gave +3.6 % and +12.5 %, each steady from its first slice to its last. So a run
//   starts PROCESSES pairs of them one after the other, each for a share of the slices; the
//   figures of each pair are printed after the cost.
// - On a shared machine the CPU time of the same slice varies fourfold with what the other core
//   runs (caches, memory bandwidth), and that changes within a second. Slices next to each other
//   see the same load, so the cost is the median of the pairs' own ratios (on over off, each
//   on-slice with the off-slice beside it). The ratio of the medians of the slices, or of whole
//   rounds, compares slices taken under different loads: it moved by 10 points between the halves
//   of one run, where the paired median moved by 2 (`JOURNAL_DUMP=file` keeps every slice to check).
// - Beside it, the spread: the quartiles of the pairs' ratios, and a 95 % bootstrap interval of the
//   figure (the pairs resampled, seeded: the same slices give the same interval), and the ratio of
//   the medians for reference.
// Goal: with the journal on, within 10 % of the figures with it off; two runs agree within 3 points.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { freePort } from '../../scripts/lib/free-port.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { fail } from '../../scripts/lib/run.ts';
import type { Goal } from './goals.ts';
import { median, ratioOfPairs } from './stats.ts';

const GOAL = 0.1;
/** Pairs of slices in all, in this many pairs of processes (each process a draw of V8's: see above), and creates in a slice. */
export const PAIRS = 300;
export const PROCESSES = 6;
export const SLICE = 250;
const HTTP_SLICE = 200;
/** Creates (or requests) each side answers before measuring. */
export const WARM_UP = 5_000;
const CONNECTIONS = 10;
export const HEAP_FLAGS = ['--expose-gc', '--single-threaded-gc', '--min-semi-space-size=16', '--max-semi-space-size=16'];
export const MOCK = path.join(ROOT, 'packages/mock/dist/index.js');
export const CLIENT = path.join(ROOT, 'packages/client/dist/index.js');
const BODY = JSON.stringify({ title: 'Keynote', thumbnailTime: 1500 });
const verdict = (cost: number) => (cost <= GOAL ? 'meets the goal' : 'MISSES the goal');
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** CPU µs a request, of each side, in one pair of slices next to each other. */
export interface Pair {
  on: number;
  off: number;
}

/** The cost (the median of the pairs' ratios), the quartiles of those ratios, its 95 % bootstrap interval, and the ratio of the medians. */
export function costOf(pairs: Pair[]) {
  const { ratio, spread } = ratioOfPairs(
    pairs.map((pair) => pair.on / pair.off),
    percent,
  );
  const [on, off] = [median(pairs.map((pair) => pair.on)), median(pairs.map((pair) => pair.off))];
  return { ratio, on, off, spread, ofMedians: on / off };
}

interface Side {
  process: ChildProcess;
  ready: Promise<unknown>;
  /** Sends a message and resolves with the side's answer. */
  ask: <T>(message: unknown) => Promise<T>;
}

/** A child process that runs `script` (an ES module) with HEAP_FLAGS and answers one message at a time. */
function side(script: string): Side {
  const started = spawn(process.execPath, [...HEAP_FLAGS, '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    started.once('message', resolve);
    started.once('exit', (code) => reject(new Error(`the mock exited ${code}`)));
  });
  const ask = <T>(message: unknown) => new Promise<T>((resolve) => (started.once('message', (answer) => resolve(answer as T)), started.send(message as never)));
  return { process: started, ready, ask };
}

/** `count` pairs of slices next to each other, the first side taking turns; `slice(on)` measures one slice of a side and gives its CPU µs a request. */
async function pairsOf(slice: (on: boolean) => Promise<number>, count: number): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let i = 0; i < count; i++) {
    const onFirst = i % 2 === 1;
    const first = await slice(onFirst);
    const second = await slice(!onFirst);
    pairs.push(onFirst ? { on: first, off: second } : { on: second, off: first });
  }
  return pairs;
}

function report(title: string, cpu: ReturnType<typeof costOf>, unit: string, own: string): Goal {
  console.log(
    `    ${unit}: on ${cpu.on.toFixed(1)} µs, off ${cpu.off.toFixed(1)} µs (medians); on/off ${cpu.ratio.toFixed(3)}x (${percent(cpu.ratio)}; ${cpu.spread}; ratio of the medians ${percent(cpu.ofMedians)}): ${verdict(cpu.ratio - 1)} (within ${GOAL * 100}%)`,
  );
  console.log(`    each pair of processes on its own: ${own}`);
  return {
    figure: `${title}: ${unit}, on/off (median of paired slices)`,
    value: `${percent(cpu.ratio)} (${cpu.spread})`,
    goal: `within ${GOAL * 100} %`,
    met: cpu.ratio - 1 <= GOAL,
  };
}

/** Keeps every slice when JOURNAL_DUMP names a file, to compare statistics afterwards. */
function dump(name: string, pairs: Pair[]) {
  if (process.env.JOURNAL_DUMP) writeFileSync(`${process.env.JOURNAL_DUMP}.${name}.json`, JSON.stringify(pairs));
}

/** A process with one mock (journal on or off) making creates through the client on mock.fetch, `calls` at a time when asked, a young collection counted. */
const inProcessSide = (journal: boolean) =>
  side(`
    const { createMock } = await import(${JSON.stringify(MOCK)});
    const { createVideoClient } = await import(${JSON.stringify(CLIENT)});
    const mock = await createMock({ areas: ['video'], ${journal ? '' : 'journal: false'} });
    const video = createVideoClient({ accessKey: 'bench-in-process', baseUrl: mock.url, fetch: mock.fetch, throwOnError: true, retry: false });
    const creates = async (count) => {
      for (let i = 0; i < count; i++)
        await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: 'Keynote ' + i, thumbnailTime: 1500 } });
    };
    await creates(${WARM_UP});
    globalThis.gc();
    process.on('message', async (message) => {
      if (message === 'kept') return void process.send({ kept: mock.requests({ namespace: 'bench-in-process' }).length });
      const calls = message.calls;
      const cpu = process.cpuUsage();
      await creates(calls);
      globalThis.gc({ type: 'minor' });
      const used = process.cpuUsage(cpu);
      process.send({ cpu: (used.user + used.system) / calls });
    });
    process.send('ready');`);

/** Each process pair's own cost (the median of its pairs' ratios), in the order measured. */
const ownCosts = (pairs: Pair[]) =>
  Array.from({ length: PROCESSES }, (_, k) =>
    percent(median(pairs.slice((k * PAIRS) / PROCESSES, ((k + 1) * PAIRS) / PROCESSES).map((p) => p.on / p.off))),
  ).join(', ');

/** A side's process ended, and waited for. */
const ended = (child: Side) => new Promise((resolve) => (child.process.once('exit', resolve), child.process.kill('SIGTERM')));

async function inProcess(): Promise<Goal> {
  const pairs: Pair[] = [];
  let kept = 0;
  for (let k = 0; k < PROCESSES; k++) {
    const [off, on] = [inProcessSide(false), inProcessSide(true)];
    await Promise.all([off.ready, on.ready]);
    const slice = async (isOn: boolean) => (await (isOn ? on : off).ask<{ cpu: number }>({ calls: SLICE })).cpu;
    pairs.push(...(await pairsOf(slice, PAIRS / PROCESSES)));
    ({ kept } = await on.ask<{ kept: number }>('kept'));
    await Promise.all([ended(on), ended(off)]);
  }
  dump('in-process', pairs);
  console.log(`\nThe request journal's cost per request (on: the default; off: journal: false), each side in a process of its own, in alternating slices`);
  console.log(
    `  in process, ${PAIRS} pairs of slices of ${SLICE} validated creates through the client on mock.fetch, in ${PROCESSES} pairs of processes (the journal kept the last ${kept}):`,
  );
  return report('the journal in process', costOf(pairs), 'CPU a call', ownCosts(pairs));
}

/** A mock in a process of its own, on `port`, that answers with its process.cpuUsage() after a young collection ('gc': a full one). */
const serve = (port: number, journal: boolean) =>
  side(`
    const { startMock } = await import(${JSON.stringify(MOCK)});
    await startMock({ port: ${port}, areas: ['video'], ${journal ? '' : 'journal: false'} });
    process.on('message', (what) => (globalThis.gc({ type: what === 'gc' ? 'major' : 'minor' }), process.send(process.cpuUsage())));
    process.send('ready');`);

/** `count` creates at CONNECTIONS keep-alive connections; fails on any answer but 200. */
async function load(agent: Agent, port: number, count: number) {
  let left = count;
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const sent = httpRequest(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/library/42/videos',
          headers: { AccessKey: 'bench-http', 'content-type': 'application/json' },
        },
        (answer) => answer.resume().on('end', () => resolve(answer.statusCode ?? 0)),
      );
      sent.on('error', reject).end(BODY);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) {
        const status = await one();
        if (status !== 200) fail(`the journal benchmark got a ${status} over HTTP`);
      }
    }),
  );
}

async function overHttp(): Promise<Goal> {
  const pairs: Pair[] = [];
  const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
  for (let k = 0; k < PROCESSES; k++) {
    const ports = { on: await freePort(), off: await freePort() };
    const sides = { on: serve(ports.on, true), off: serve(ports.off, false) };
    await Promise.all([sides.on.ready, sides.off.ready]);
    const agents = { on: new Agent({ keepAlive: true, maxSockets: CONNECTIONS }), off: new Agent({ keepAlive: true, maxSockets: CONNECTIONS }) };
    for (const name of ['on', 'off'] as const) await load(agents[name], ports[name], WARM_UP);
    for (const name of ['on', 'off'] as const) await sides[name].ask('gc');
    const slice = async (isOn: boolean) => {
      const name = isOn ? 'on' : 'off';
      const before = await sides[name].ask<NodeJS.CpuUsage>('cpu');
      await load(agents[name], ports[name], HTTP_SLICE);
      return (cpuMicros(await sides[name].ask<NodeJS.CpuUsage>('cpu')) - cpuMicros(before)) / HTTP_SLICE;
    };
    pairs.push(...(await pairsOf(slice, PAIRS / PROCESSES)));
    for (const agent of Object.values(agents)) agent.destroy();
    await Promise.all([ended(sides.on), ended(sides.off)]);
  }
  dump('http', pairs);
  console.log(
    `  over HTTP, ${PAIRS} pairs of slices of ${HTTP_SLICE} POST video creates at ${CONNECTIONS} keep-alive connections, in ${PROCESSES} pairs of processes:`,
  );
  return report('the journal over HTTP', costOf(pairs), "the server's CPU a request", ownCosts(pairs));
}

/** The journal's cost in process and over HTTP (JOURNAL_ONLY=in-process or http: only that one). */
export async function measureJournalCost(goals: Goal[]) {
  if (process.env.JOURNAL_ONLY !== 'http') goals.push(await inProcess());
  if (process.env.JOURNAL_ONLY !== 'in-process') goals.push(await overHttp());
}
