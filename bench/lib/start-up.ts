// Start-up in `pnpm bench mock`: "Ready" means answering.
// - From the command to the first answer of each of /_mock/health, GET / and an API route (each
//   polled in a fresh process), goal 200 ms: FIRST_ANSWERS runs of each, the routes taking turns
//   (a busy moment of the machine weighs on all three alike), beside Node's own start
//   (`node -e ''`, timed in the same turns) that every command pays before the mock's first line.
// - After Ready, Prism loads in the background (prism.ts): the longest the thread is held at a
//   time from the Ready line until Prism is loaded, goal 50 ms. A module imported before the CLI
//   notes when Ready is printed and times a 1 ms interval: its longest gap is the longest hold.
// - startMock({ port: 0 }) after its module's import, goal 100 ms.

import { spawn } from 'node:child_process';
import type { Goal } from './goals.ts';
import { BUILT, start, startOurs, stop } from './processes.ts';
import { median } from './stats.ts';

const STARTS = 5;
const FIRST_ANSWERS = 9;
const FIRST_ANSWER_MS = 200;
const HOLD_MS = 50;
const START_MOCK_MS = 100;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');
const fixed = (value: number, digits = 0) => value.toFixed(digits);

const MONITOR = `data:text/javascript,${encodeURIComponent(`
import dc from 'node:diagnostics_channel';
let ready, last = performance.now(), longest = 0;
const print = console.log;
console.log = (...args) => { if (ready === undefined && String(args[0]).startsWith('Ready')) ready = last = performance.now(); print(...args); };
const tick = () => { const now = performance.now(); if (ready !== undefined) longest = Math.max(longest, now - last); last = now; };
const timer = setInterval(tick, 1);
dc.subscribe('platform-mock:prism', (message) => {
  if (message.event === 'loading') return;
  tick();
  clearInterval(timer);
  process.send({ longest, loadedAfterReadyMs: performance.now() - ready, event: message.event });
});`)}`;

const ROUTES = [
  { name: '/_mock/health', path: '/_mock/health' },
  { name: 'GET / (the reference site)', path: '/' },
  { name: 'GET /shield/shield-zones', path: '/shield/shield-zones' },
];

/** Milliseconds from the command to the end of `node -e ''`: Node's own start and exit. */
async function bareNode(): Promise<number> {
  const since = performance.now();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return performance.now() - since;
}

export async function measureStartup(goals: Goal[]) {
  console.log(`\nStart-up, ${FIRST_ANSWERS} runs of each first answer (the routes taking turns), ${STARTS} of the rest (median, best to worst)`);
  const times = ROUTES.map((): number[] => []);
  const bare: number[] = [];
  for (let i = 0; i < FIRST_ANSWERS; i++) {
    bare.push(await bareNode());
    for (const [k, route] of ROUTES.entries()) {
      const { child, ms } = await startOurs([], [], route.path);
      times[k]!.push(ms);
      await stop(child);
    }
  }
  bare.sort((a, b) => a - b);
  console.log(`  node -e '' (Node's own start, in the same turns): ${fixed(median(bare))} ms (${fixed(bare[0]!)} to ${fixed(bare.at(-1)!)})`);
  // Node reads and parses the whole file at every start when this is set (60 ms a start on a
  // 2-core machine with the system's CA bundle): a cost of the environment, not of the mock.
  if (process.env.NODE_EXTRA_CA_CERTS)
    console.log(
      `  note: NODE_EXTRA_CA_CERTS is set (${process.env.NODE_EXTRA_CA_CERTS}): every Node process loads those certificates as it starts, which counts in every start-up figure here; run \`env -u NODE_EXTRA_CA_CERTS pnpm bench mock\` to measure without it`,
    );
  for (const [k, route] of ROUTES.entries()) {
    const sorted = times[k]!.sort((a, b) => a - b);
    const middle = median(sorted);
    console.log(
      `  command to the first answer of ${route.name}: ${fixed(middle)} ms (${fixed(sorted[0]!)} to ${fixed(sorted.at(-1)!)}): ${verdict(middle <= FIRST_ANSWER_MS)} (${FIRST_ANSWER_MS} ms)`,
    );
    goals.push({
      figure: `command to the first answer of ${route.name}`,
      value: `${fixed(middle)} ms`,
      goal: `≤ ${FIRST_ANSWER_MS} ms`,
      met: middle <= FIRST_ANSWER_MS,
    });
  }

  const holds: { longest: number; loadedAfterReadyMs: number }[] = [];
  for (let i = 0; i < STARTS; i++) {
    const { child } = await startOurs(['--import', MONITOR]);
    holds.push(await new Promise((resolve) => child.once('message', resolve)));
    await stop(child);
  }
  const longest = median(holds.map((hold) => hold.longest));
  console.log(
    `  longest hold of the thread after Ready, until Prism is loaded: ${fixed(longest, 1)} ms (${holds
      .map((hold) => fixed(hold.longest, 1))
      .sort((a, b) => Number(a) - Number(b))
      .join(
        ', ',
      )}; Prism loaded ${fixed(median(holds.map((hold) => hold.loadedAfterReadyMs)))} ms after Ready): ${verdict(longest <= HOLD_MS)} (${HOLD_MS} ms)`,
  );
  goals.push({
    figure: 'longest hold of the thread after Ready (Prism loading)',
    value: `${fixed(longest, 1)} ms`,
    goal: `≤ ${HOLD_MS} ms`,
    met: longest <= HOLD_MS,
  });

  const script = `
    const imported = performance.now();
    const { startMock } = await import(${JSON.stringify(BUILT)});
    const loaded = performance.now();
    const mock = await startMock({ port: 0 });
    const started = performance.now();
    await mock.close();
    process.send({ importMs: loaded - imported, startMs: started - loaded });`;
  const samples: { importMs: number; startMs: number }[] = [];
  for (let i = 0; i < STARTS; i++) {
    const child = start(process.execPath, ['--input-type=module', '-e', script]);
    samples.push(await new Promise((resolve) => child.once('message', resolve)));
    await stop(child);
  }
  const startMs = median(samples.map((sample) => sample.startMs));
  console.log(
    `  startMock({ port: 0 }) after its module's import: ${fixed(startMs)} ms (the import itself ${fixed(median(samples.map((sample) => sample.importMs)))} ms): ${verdict(startMs <= START_MOCK_MS)} (${START_MOCK_MS} ms)`,
  );
}
