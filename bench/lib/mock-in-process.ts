// The in-process half of `pnpm bench mock`:
// - 2,000 validated calls (create a video) through the client on `mock.fetch`, against the same
//   client on a stub fetch answering the same bytes (target: within 1.1x);
// - a 200-test suite of the shape (bench/suites/) on the mock's vitest fixtures, against
//   the same tests on hand-written MSW handlers, run with vitest (target: at most 1.5x per test,
//   and the worker's first test, its setup included, within 50 ms).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVideoClient } from '@platform-contracts/client';
import { createMock } from '@platform-contracts/mock';
import { ROOT } from '../../scripts/lib/paths.ts';
import { fail } from '../../scripts/lib/run.ts';
import { TESTS } from '../suites/cases.ts';
import type { Goal } from './goals.ts';
import { median } from './stats.ts';

const CALLS = 2_000;
/** Calls on each side before measuring: the mock's path is long, and V8 optimizes it only after a few thousand calls (300 left it half warm, and the ratio swung from 2.4x to 3.8x between runs). */
const WARM_UP = 3_000;
const BATCHES = 10;
/** mock.fetch against the stub fetch. */
const TARGET_IN_PROCESS = 1.1;
/** The first test of a vitest worker on the mock's fixtures, its setup included, ms. */
const TARGET_FIRST_TEST_MS = 50;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');

/** Milliseconds for `count` sequential creates through a client on `fetch`. */
export async function timeCreates(fetch: typeof globalThis.fetch, baseUrl: string, count: number): Promise<number> {
  const video = createVideoClient({ accessKey: 'bench-in-process', baseUrl, fetch, throwOnError: true, retry: false });
  const started = performance.now();
  for (let i = 0; i < count; i++)
    await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: `Keynote ${i}`, thumbnailTime: 1500 } });
  return performance.now() - started;
}

export async function measureValidatedCalls(): Promise<Goal> {
  const mock = await createMock({ areas: ['video'] });
  const sample = await mock.fetch(`${mock.url}/library/42/videos`, {
    method: 'POST',
    headers: { AccessKey: 'k', 'content-type': 'application/json' },
    body: '{"title":"Keynote"}',
  });
  if (sample.status !== 200) fail(`create a video answered ${sample.status} in process`);
  const [body, contentType] = [await sample.text(), sample.headers.get('content-type')!];
  const stub: typeof globalThis.fetch = async () =>
    new Response(body, { status: 200, headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) } });
  await timeCreates(mock.fetch, mock.url, WARM_UP);
  await timeCreates(stub, mock.url, WARM_UP);
  // The machine is shared: batches alternate, so that a busy moment weighs on both sides, and the
  // ratio is the median of the batches' ratios.
  const batch = CALLS / BATCHES;
  const pairs: { mock: number; stub: number }[] = [];
  for (let i = 0; i < BATCHES; i++) pairs.push({ stub: await timeCreates(stub, mock.url, batch), mock: await timeCreates(mock.fetch, mock.url, batch) });
  await mock.close();
  const sum = (list: number[]) => list.reduce((x, y) => x + y, 0);
  const ratio = median(pairs.map((pair) => pair.mock / pair.stub));
  const [mockMs, stubMs] = [sum(pairs.map((pair) => pair.mock)), sum(pairs.map((pair) => pair.stub))];
  console.log(`\nIn process: ${CALLS} validated creates (POST video) through the client, in ${BATCHES} alternating batches`);
  console.log(`  on mock.fetch: ${mockMs.toFixed(0)} ms (${((mockMs / CALLS) * 1000).toFixed(0)} µs a call)`);
  console.log(`  on a stub fetch answering the same bytes: ${stubMs.toFixed(0)} ms (${((stubMs / CALLS) * 1000).toFixed(0)} µs a call)`);
  console.log(`  ratio (median of the batches) ${ratio.toFixed(2)}x: ${verdict(ratio <= TARGET_IN_PROCESS)} (within ${TARGET_IN_PROCESS}x)`);
  return {
    figure: `in process: ${CALLS} validated creates, mock.fetch vs a stub fetch`,
    value: `${ratio.toFixed(2)}x`,
    goal: `≤ ${TARGET_IN_PROCESS}x`,
    met: ratio <= TARGET_IN_PROCESS,
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
