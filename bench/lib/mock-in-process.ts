// The in-process half of `pnpm bench mock`:
// - validated calls (create a video) through the client on `mock.fetch`, against the same client
//   on a stub fetch answering the same bytes (target: within 1.1x), by the journal bench's method
//   (journal-cost.ts says why each step): each side in a process of its own with the same heap
//   flags, warmed up, then short slices of CPU time (process.cpuUsage, a young collection counted
//   in each), the sides alternating, in several pairs of processes; the figure is the median of
//   the pairs' ratios, with its spread and a 95 % bootstrap interval. Timed in wall-clock batches
//   in one process, the stub alone took 49 µs a call in one quiet run and 34 µs in the next, and
//   the ratio read 0.86x and 1.35x;
// - a 200-test suite of the shape (bench/suites/) on the mock's vitest fixtures, against
//   the same tests on hand-written MSW handlers, run with vitest (target: at most 1.5x per test,
//   and the worker's first test, its setup included, within 50 ms).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { fail } from '../../scripts/lib/run.ts';
import { TESTS } from '../suites/cases.ts';
import type { Goal } from './goals.ts';
// The journal bench's method and sizes: slices of creates, pairs of processes, the same heap flags.
import { CLIENT, costOf, HEAP_FLAGS, MOCK, PAIRS, type Pair, PROCESSES, SLICE, WARM_UP } from './journal-cost.ts';
import { median } from './stats.ts';

/** mock.fetch against the stub fetch. */
const TARGET_IN_PROCESS = 1.1;
/** The first test of a vitest worker on the mock's fixtures, its setup included, ms. */
const TARGET_FIRST_TEST_MS = 50;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');

/**
 * A process making creates through the client, on mock.fetch (`onMock`) or on a stub fetch that
 * answers the bytes the mock answered; asked for `calls`, it answers their CPU µs a call, a young
 * collection counted.
 */
function side(onMock: boolean) {
  const script = `
    const { createMock } = await import(${JSON.stringify(MOCK)});
    const { createVideoClient } = await import(${JSON.stringify(CLIENT)});
    const mock = await createMock({ areas: ['video'] });
    const sample = await mock.fetch(mock.url + '/library/42/videos', {
      method: 'POST', headers: { AccessKey: 'k', 'content-type': 'application/json' }, body: '{"title":"Keynote"}',
    });
    if (sample.status !== 200) throw new Error('create a video answered ' + sample.status + ' in process');
    const [body, contentType] = [await sample.text(), sample.headers.get('content-type')];
    const stub = async () => new Response(body, { status: 200, headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) } });
    const video = createVideoClient({ accessKey: 'bench-in-process', baseUrl: mock.url, fetch: ${onMock ? 'mock.fetch' : 'stub'}, throwOnError: true, retry: false });
    const creates = async (count) => {
      for (let i = 0; i < count; i++)
        await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: 'Keynote ' + i, thumbnailTime: 1500 } });
    };
    await creates(${WARM_UP});
    globalThis.gc();
    process.on('message', async ({ calls }) => {
      const cpu = process.cpuUsage();
      await creates(calls);
      globalThis.gc({ type: 'minor' });
      const used = process.cpuUsage(cpu);
      process.send({ cpu: (used.user + used.system) / calls });
    });
    process.send('ready');`;
  const child: ChildProcess = spawn(process.execPath, [...HEAP_FLAGS, '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the in-process bench's ${onMock ? 'mock' : 'stub'} side exited ${code}`)));
  });
  const slice = () =>
    new Promise<number>((resolve) => (child.once('message', (answer) => resolve((answer as { cpu: number }).cpu)), child.send({ calls: SLICE })));
  const end = () => new Promise((resolve) => (child.removeAllListeners('exit'), child.once('exit', resolve), child.kill('SIGTERM')));
  return { ready, slice, end };
}

export async function measureValidatedCalls(): Promise<Goal> {
  // Pair: `on` the mock's slice, `off` the stub's beside it; the first side takes turns.
  const pairs: Pair[] = [];
  const own: string[] = [];
  for (let k = 0; k < PROCESSES; k++) {
    const [mock, stub] = [side(true), side(false)];
    await Promise.all([mock.ready, stub.ready]);
    const these: Pair[] = [];
    for (let i = 0; i < PAIRS / PROCESSES; i++) {
      const mockFirst = i % 2 === 1;
      const first = await (mockFirst ? mock : stub).slice();
      const second = await (mockFirst ? stub : mock).slice();
      these.push(mockFirst ? { on: first, off: second } : { on: second, off: first });
    }
    await Promise.all([mock.end(), stub.end()]);
    pairs.push(...these);
    own.push(`${median(these.map((pair) => pair.on / pair.off)).toFixed(2)}x`);
  }
  const cost = costOf(pairs);
  console.log(
    `\nIn process: validated creates (POST video) through the client, ${PAIRS} pairs of alternating slices of ${SLICE} calls, in ${PROCESSES} pairs of processes (CPU time)`,
  );
  console.log(`  on mock.fetch: ${cost.on.toFixed(1)} µs a call (median of the slices)`);
  console.log(`  on a stub fetch answering the same bytes: ${cost.off.toFixed(1)} µs a call`);
  console.log(
    `  ratio (median of the pairs' ratios) ${cost.ratio.toFixed(2)}x (${cost.spread}; ratio of the medians ${cost.ofMedians.toFixed(2)}x): ${verdict(cost.ratio <= TARGET_IN_PROCESS)} (within ${TARGET_IN_PROCESS}x)`,
  );
  console.log(`  each pair of processes on its own: ${own.join(', ')}`);
  return {
    figure: 'in process: validated creates, mock.fetch vs a stub fetch (CPU, median of paired slices)',
    value: `${cost.ratio.toFixed(2)}x (${cost.on.toFixed(1)} µs, stub ${cost.off.toFixed(1)} µs; ${cost.spread})`,
    goal: `≤ ${TARGET_IN_PROCESS}x`,
    met: cost.ratio <= TARGET_IN_PROCESS,
  };
}

interface SuiteRun {
  /** Each test's duration in ms, in the order run. */
  durations: number[];
  /** The file's time outside its tests (its hooks: the mock's or MSW's start), ms. */
  outsideMs: number;
  wallMs: number;
}

function runSuite(name: 'mock' | 'msw'): SuiteRun {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-suite-'));
  const output = path.join(dir, 'report.json');
  const started = performance.now();
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/vitest'),
    ['run', '--config', 'bench/suites/vitest.config.ts', `bench/suites/${name}.suite.ts`, '--reporter=json', `--outputFile=${output}`],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const wallMs = performance.now() - started;
  if (result.status !== 0) fail(`the ${name} suite failed:\n${result.stdout.slice(-2000)}${result.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    testResults: { startTime: number; endTime: number; assertionResults: { duration: number }[] }[];
  };
  rmSync(dir, { recursive: true, force: true });
  const durations = report.testResults.flatMap((file) => file.assertionResults.map((test) => test.duration));
  const fileMs = report.testResults.reduce((total, file) => total + file.endTime - file.startTime, 0);
  return { durations, outsideMs: fileMs - durations.reduce((a, b) => a + b, 0), wallMs };
}

export function measureSuites(): Goal {
  runSuite('msw'); // warm-up: the file cache, vitest's own start
  const [mock, msw] = [runSuite('mock'), runSuite('msw')];
  for (const run of [mock, msw]) if (run.durations.length !== TESTS) fail(`a suite ran ${run.durations.length} tests, not ${TESTS}`);
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  // The first test pays for the worker's setup (the mock's start, MSW's interceptors): shown apart.
  const perTest = (run: SuiteRun) => sum(run.durations.slice(1)) / (run.durations.length - 1);
  const ratio = perTest(mock) / perTest(msw);
  console.log(`\nA ${TESTS}-test suite of the issue's shape (bench/suites/: collections, videos, paging, learning mode, DNS import), run with vitest`);
  for (const [label, run] of [
    ['mock (@platform-contracts/mock/vitest)', mock],
    ['hand-written MSW handlers', msw],
  ] as const) {
    console.log(
      `  ${label}: ${perTest(run).toFixed(2)} ms a test (first test, with the setup: ${run.durations[0]!.toFixed(0)} ms; the file's hooks outside its tests ${run.outsideMs.toFixed(0)} ms; vitest run ${(run.wallMs / 1000).toFixed(1)} s)`,
    );
  }
  console.log(`  ratio per test ${ratio.toFixed(2)}x: ${verdict(ratio <= 1.5)} (at most 1.5x)`);
  const first = mock.durations[0]!;
  console.log(
    `  first test of the worker on the mock, setup included: ${first.toFixed(0)} ms: ${verdict(first <= TARGET_FIRST_TEST_MS)} (${TARGET_FIRST_TEST_MS} ms)`,
  );
  return {
    figure: 'first test of a vitest worker on @platform-contracts/mock/vitest, setup included',
    value: `${first.toFixed(0)} ms (MSW ${msw.durations[0]!.toFixed(0)} ms)`,
    goal: `≤ ${TARGET_FIRST_TEST_MS} ms`,
    met: first <= TARGET_FIRST_TEST_MS,
  };
}
