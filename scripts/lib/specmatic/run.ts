// Specmatic (the pinned npm package `specmatic`, a jar run on Java 17) against the mock, one area at
// a time: the area's bundle with its negative cases beside it (bundles/<area>_examples/). Used by
// `pnpm specmatic` and by test/contracts/specmatic.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AreaName } from '../../../packages/contracts/src/generated/areas.ts';
import { operationsOf } from '../openapi.ts';
import { bundlePath, ROOT } from '../paths.ts';
import { specmaticDictionary } from './dictionary.ts';
import { SPECMATIC_EXCLUSIONS, type SpecmaticExclusion } from './exclusions.ts';

const SPECMATIC = path.join(ROOT, 'node_modules/.bin/specmatic');

/**
 * The database's start-up Full Access token, given to the mock (its `database.fullAccessToken`)
 * and to Specmatic, which reads a bearer scheme's token from the environment variable named after
 * the scheme (`DatabaseAccessToken`). Each test of the `AccessKey` scheme gets a namespace of its
 * own, as the contract's examples assume, from `isolatingProxy` (Specmatic's random key is one
 * for all the variants of an example).
 */
const SPECMATIC_DATABASE_TOKEN = 'specmatic-full-access-token';

/**
 * Open streams the start-up namespace may hold during Specmatic's run: every pipeline test that
 * does not close its stream leaves it open (for 10 s idle), and a generative run sends hundreds,
 * all with the one token, well past the mock's default of 128.
 */
const SPECMATIC_MAX_STREAMS = 100_000;

/** The options `startMock` takes for Specmatic's run (the tokens above). */
export const specmaticMockOptions = () => ({ database: { fullAccessToken: SPECMATIC_DATABASE_TOKEN, maxStreams: SPECMATIC_MAX_STREAMS } });

export interface SpecmaticRun {
  area: string;
  /** Tests run and failed (errors included). */
  run: number;
  /** Every test's name, as Specmatic gives it. */
  names: string[];
  /** Tests that failed, but for the excluded ones. */
  failed: number;
  /** Every test an entry of SPECMATIC_EXCLUSIONS matched (generative runs only), with its entry and whether it failed. */
  excluded: { name: string; exclusion: SpecmaticExclusion; failed: boolean }[];
  /** Every test that failed (but the excluded ones) ("PATCH /shield/shield-zone -> 200/202 with the request from the example ..."), with Specmatic's account of why. */
  failures: { name: string; detail: string }[];
}

export interface SpecmaticReport {
  /** Each area's tests, in the order asked. */
  areas: SpecmaticRun[];
  /** What is wrong with the run as a whole (Specmatic refused a contract, a test of no known area...), or []. */
  problems: string[];
  /** Specmatic's own output, which explains each failure. */
  output: string;
}

/**
 * A proxy in front of the mock at `target` that gives every request a namespace of its own: its
 * `AccessKey` header gets a number of its own appended. Specmatic makes up one random key per
 * example and sends it with every variant of that example (all keys, mandatory keys only...), so
 * the first variant of shield's `created` made the zone (202) and the next ones found it (200).
 * Every Specmatic test is one request, and each expects the state the contract's examples describe.
 */
export async function isolatingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const to = new URL(target);
  let requests = 0;
  const server = createServer((incoming, answer) => {
    requests += 1;
    const headers = { ...incoming.headers };
    if (typeof headers.accesskey === 'string') headers.accesskey = `${headers.accesskey}-${requests}`;
    const forwarded = request({ host: to.hostname, port: to.port, method: incoming.method, path: incoming.url, headers }, (response) => {
      answer.writeHead(response.statusCode ?? 502, response.rawHeaders);
      response.pipe(answer);
    });
    forwarded.on('error', (error) => {
      if (!answer.headersSent) answer.writeHead(502, { 'content-type': 'text/plain' });
      answer.end(`isolating proxy: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Why Specmatic cannot run here, or undefined: it needs `java` (Java 17) on the PATH. */
export function javaMissing(): string | undefined {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0)
    return "Specmatic needs Java 17 and `java` is not on the PATH: run `pnpm setup:tools` (installs Debian's openjdk-17-jre-headless)";
  return undefined;
}

/** A test of Specmatic's JUnit report: its name and, when it failed, Specmatic's account of why. */
export interface SpecmaticTest {
  name: string;
  failed: boolean;
  detail?: string;
}

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!);

/** The tests of a JUnit report as Specmatic writes it (one testcase per test, a failure or error inside a failed one). */
function readJunitReport(xml: string): SpecmaticTest[] {
  return [...xml.matchAll(/<testcase\b[^>]*?\bname="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)].map((match) => {
    // "Contract Tests > SpecmaticJUnitSupport > contractTest() > +ve  Scenario: ..." (+ve and -ve in generative runs)
    const name = unescapeXml(match[1]!)
      .replace(/^.*?contractTest\(\) > /, '')
      .replace(/^[+-]ve\s+/, '')
      .trim();
    const failure = /<(failure|error)\b[^>]*>([\s\S]*?)<\/\1>/.exec(match[3] ?? '');
    if (!failure && !/<(failure|error)\b/.test(match[3] ?? '')) return { name, failed: false };
    return { name, failed: true, detail: unescapeXml(failure?.[2] ?? '').trim() };
  });
}

/** The regular expression a bundle's path template matches in a test's name (`/dnszone/(zoneId:number)/import`). */
const pathPattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('\\([^)/]+\\)')}$`,
  );

/** The entry of `exclusions` that matches a test (by operation and variant), or undefined. */
export function exclusionOf(name: string, area: string, exclusions: readonly SpecmaticExclusion[] = SPECMATIC_EXCLUSIONS): SpecmaticExclusion | undefined {
  const [, method, at] = /^Scenario: ([A-Z]+) (\S+) /.exec(name) ?? [];
  return exclusions.find((exclusion) => {
    if (exclusion.area !== area || !name.includes(` where ${exclusion.variant}`)) return false;
    return operationsOf(area as AreaName).some(
      (operation) =>
        operation.method === method?.toLowerCase() &&
        operation.operationId === exclusion.operationId &&
        at !== undefined &&
        pathPattern(operation.path).test(at),
    );
  });
}

/**
 * Each area's tests, found by the method and path each test's name starts with; with `exclusions`,
 * the tests an entry matches are counted apart, failed or not.
 */
function testsByArea(
  tests: SpecmaticTest[],
  areas: string[],
  exclusions: readonly SpecmaticExclusion[] = [],
): { areas: SpecmaticRun[]; unattributed: string[] } {
  const operations = areas.flatMap((area) =>
    [...new Set(operationsOf(area as AreaName).map((operation) => operation.path))].map((template) => ({ area, pattern: pathPattern(template) })),
  );
  const runs = new Map(
    areas.map((area) => [
      area,
      { area, run: 0, names: [] as string[], failed: 0, excluded: [] as SpecmaticRun['excluded'], failures: [] as SpecmaticRun['failures'] },
    ]),
  );
  const unattributed: string[] = [];
  for (const test of tests) {
    const at = /^Scenario: [A-Z]+ (\S+) /.exec(test.name)?.[1];
    const area = at === undefined ? undefined : operations.find(({ pattern }) => pattern.test(at))?.area;
    if (area === undefined) {
      unattributed.push(test.name);
      continue;
    }
    const run = runs.get(area)!;
    run.run += 1;
    run.names.push(test.name);
    const exclusion = exclusionOf(test.name, area, exclusions);
    if (exclusion) {
      run.excluded.push({ name: test.name.replace(/^Scenario: /, ''), exclusion, failed: test.failed });
      continue;
    }
    if (test.failed) {
      run.failed += 1;
      run.failures.push({ name: test.name.replace(/^Scenario: /, ''), detail: test.detail ?? '' });
    }
  }
  return { areas: [...runs.values()], unattributed };
}

/**
 * `specmatic test` on the areas' bundles at once (one Java start) against the mock at `baseUrl`:
 * their examples and negative cases, and with `generative` also the requests Specmatic makes up
 * from the schemas (at most `maxCombinations` per operation). Asynchronous, as the mock may serve
 * from this process. The counts come from Specmatic's JUnit report, checked against its summary line.
 */
export async function runSpecmatic(areas: string[], baseUrl: string, { generative = false, maxCombinations = 64 } = {}): Promise<SpecmaticReport> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'specmatic-'));
  const proxy = await isolatingProxy(baseUrl);
  try {
    // Specmatic's dictionary (scripts/lib/specmatic/dictionary.ts): the arrays within their bounds
    const dictionary = path.join(cwd, 'dictionary.json');
    writeFileSync(dictionary, JSON.stringify(specmaticDictionary(areas)));
    const env = {
      ...process.env,
      SPECMATIC_STUB_DICTIONARY: dictionary,
      SPECMATIC_GENERATIVE_TESTS: String(generative),
      MAX_TEST_REQUEST_COMBINATIONS: String(maxCombinations),
      DatabaseAccessToken: SPECMATIC_DATABASE_TOKEN,
    };
    const args = ['test', ...areas.map((area) => bundlePath(area, 'yaml')), `--testBaseURL=${proxy.url}`, `--junitReportDir=${path.join(cwd, 'junit')}`];
    const child = spawn(SPECMATIC, args, { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise((resolve) => {
      child.on('error', (error) => (output += `${error.message}\n`));
      child.on('close', resolve);
    });
    const summary = /Tests run: (\d+), Successes: \d+, Failures: \d+/.exec(output);
    const report = path.join(cwd, 'junit/TEST-junit-jupiter.xml');
    if (!summary || !existsSync(report))
      return { areas: [], problems: ['Specmatic ran no test: it refused a contract or did not start (its output says why)'], output };
    const tests = readJunitReport(readFileSync(report, 'utf8'));
    const exclusions = generative ? SPECMATIC_EXCLUSIONS.filter((exclusion) => areas.includes(exclusion.area)) : [];
    const { areas: runs, unattributed } = testsByArea(tests, areas, exclusions);
    const excluded = runs.flatMap((run) => run.excluded);
    const problems = [
      ...exclusions
        .filter((exclusion) => !excluded.some((test) => test.exclusion === exclusion))
        .map(
          (exclusion) => `the exclusion of ${exclusion.operationId} (${exclusion.variant}) matched no test: remove it from scripts/lib/specmatic/exclusions.ts`,
        ),
      ...excluded
        .filter((test) => !test.failed)
        .map((test) => `an excluded test passed: ${test.name}: remove its entry from scripts/lib/specmatic/exclusions.ts`),
      ...(tests.length === Number(summary[1]) ? [] : [`Specmatic's summary counts ${summary[1]} tests, its report ${tests.length}`]),
      ...unattributed.map((name) => `a test of no area's path: ${name}`),
    ];
    return { areas: runs, problems, output };
  } finally {
    await proxy.close();
    rmSync(cwd, { recursive: true, force: true });
  }
}
