// Work per request stays bounded (issue 23): for every area, its largest allowed inputs (a body of
// maxBodyBytes for every operation, made from the contract by test/support/largest-inputs.ts, and
// inputs crafted to be as costly as an area's own parser allows) leave /_mock/health
// answering within 100 ms; the zone-file reader runs in linear time on adversarial files.
//
// How time is measured, and why: the machine running the suite is shared (2 cores, often a load
// of 8), so wall-clock time says more about the neighbours than about the mock. What delays a
// health check is the longest stretch the mock runs without yielding to the event loop, and that
// stretch is measured in CPU time of this thread (below: /proc on Linux; monotonic, counted only
// while the process runs): a health probe loops beside the large request in process (createMock,
// the same handler the HTTP door calls) and the largest CPU time between two answered probes must
// stay under 100 ms. The thread's time counts its own GC pauses, which do delay a probe; a cold
// JIT and a GC that a neighbour's load stretches only add, which is why each case runs
// three times and its shortest longest stall is held to the bound (noise only adds). Linearity is checked as a ratio of CPU times (8 times the input within 24 times the time;
// quadratic work would take 64 times), the best of three runs each.

import { existsSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { AREAS } from '@platform-contracts/contracts';
import { createMock, type DoorRequest, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importZoneFile } from '../../../packages/mock/src/areas/dns-zone-file.ts';
import { heapBytes } from '../../../packages/mock/src/engine/heap-bytes.ts';
import { DEFAULT_MAX_STATE_BYTES } from '../../../packages/mock/src/engine/namespaces.ts';
import { largestInputs } from '../../support/largest-inputs.ts';
import { parameterExample } from '../../support/openapi.ts';

const MAX_BODY = 1024 * 1024;
const BOUND_MS = 100;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
// What delays a probe is this thread's CPU time alone: the process's also counts the database
// engine's threads compiling and tiering up SQLite in the background (a file's first cases read
// 116 ms of stall once, late in a full run, where the thread itself held 20-40). On Linux the
// main thread's own time is in /proc (10 ms ticks); elsewhere the process's time stands in.
const MAIN_THREAD_STAT = `/proc/self/task/${process.pid}/stat`;
const TICK_MS = 10;
const threadCpuMs =
  isMainThread && existsSync(MAIN_THREAD_STAT)
    ? () => {
        const stat = readFileSync(MAIN_THREAD_STAT, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      }
    : cpuMs;

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ maxBodyBytes: MAX_BODY });
});
afterAll(async () => mock?.close());

const HEALTH: DoorRequest = { method: 'GET', target: '/_mock/health', headers: {} };

/** The largest CPU time between two answered health probes while `request` is handled, and its answer. */
async function longestStall(request: DoorRequest) {
  let done = false;
  let longest = 0;
  let probes = 0;
  const probing = (async () => {
    let last = threadCpuMs();
    while (!done) {
      const answer = await mock.handle(HEALTH);
      if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
      probes++;
      const now = threadCpuMs();
      longest = Math.max(longest, now - last);
      last = now;
      await turn();
    }
  })();
  const answer = await mock.handle(request);
  done = true;
  await probing;
  return { longest, probes, status: answer.status };
}

/** `unit` repeated to `bytes` (at most), between `head` and `tail`. */
const fill = (head: string, unit: string, tail: string, bytes = MAX_BODY) =>
  head + unit.repeat(Math.floor((bytes - head.length - tail.length) / unit.length)) + tail;

const ZONE = String(parameterExample('dns', 'DnsZoneId'));

/** Adversarial zone files: what made the old reader stall or grow quadratically, and plain records. */
const ZONE_FILES: Record<string, (bytes: number) => string> = {
  'an unterminated quote after many quotes': (bytes) => fill('a IN TXT ', '"x ', '', bytes),
  'one unterminated quoted string': (bytes) => fill('a IN TXT "', 'x', '', bytes),
  'a parenthesis never closed': (bytes) => fill('a IN TXT ( ', 'x\n', '', bytes),
  'an unterminated quote on every line': (bytes) => fill('', 'h IN TXT "unterminated\n', '', bytes),
  'records, one a line': (bytes) => fill('', 'host.example.com. 300 IN A 192.0.2.1\n', '', bytes),
  'backslashes in a quote': (bytes) => fill('a IN TXT "', '\\', '', bytes),
};

/** Inputs crafted for an area's own parser, beyond the largest input of each operation the contract gives (largest-inputs.ts). */
const CRAFTED: Record<string, [string, () => DoorRequest][]> = {
  dns: Object.entries(ZONE_FILES).map(([name, make]) => [
    `a zone file: ${name}`,
    () => ({
      method: 'POST',
      target: `/dnszone/${ZONE}/import`,
      headers: { accesskey: 'bounds-dns', 'content-type': 'text/plain' },
      body: Buffer.from(make(MAX_BODY)),
    }),
  ]),
  database: [
    [
      'a pipeline of one large statement',
      () => ({
        method: 'POST',
        target: '/v2/pipeline',
        headers: { authorization: `Bearer ${mock.areas.database.fullAccessToken}`, 'content-type': 'application/json' },
        body: Buffer.from(fill('{"requests":[{"type":"execute","stmt":{"sql":"SELECT \'', 'x', '\'"}},{"type":"close"}]}')),
      }),
    ],
  ],
};
/** Each area's most costly inputs of the largest allowed size: every operation's, from the contract, and the crafted ones. */
const LARGEST: Record<string, [string, () => DoorRequest][]> = Object.fromEntries(
  AREAS.map((area) => [area, [...largestInputs(area, MAX_BODY, `bounds-${area}`), ...(CRAFTED[area] ?? [])]]),
);
/** A storage snapshot of `count` tiny zones. */
const tinyZones = (count: number) => ({ version: 1, areas: { storage: { zones: Array.from({ length: count }, (_, n) => ({ Id: n, Name: `z${n}` })) } } });
/** The largest snapshot of tiny zones the state size cap lets in (the most objects the import works through). */
function largestAcceptedSnapshot(): string {
  let count = 1;
  while (heapBytes(tinyZones(count * 2)) <= DEFAULT_MAX_STATE_BYTES) count *= 2;
  for (let step = count / 2; step >= 1; step /= 2) if (heapBytes(tinyZones(count + step)) <= DEFAULT_MAX_STATE_BYTES) count += step;
  return JSON.stringify(tinyZones(count));
}
const CONTROL: [string, () => DoorRequest][] = [
  [
    'the largest snapshot the state cap accepts',
    () => ({
      method: 'PUT',
      target: '/_mock/state?namespace=bounds-accepted',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(largestAcceptedSnapshot()),
    }),
  ],
  [
    'a state snapshot of tiny objects',
    () => ({
      method: 'PUT',
      target: '/_mock/state?namespace=bounds-control',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(fill('{"version":1,"areas":{"storage":{"zones":[', '{"Id":1,"Name":"n"},', '{"Id":2,"Name":"m"}]}}}')),
    }),
  ],
];

describe(`the largest input of each area leaves /_mock/health answering within ${BOUND_MS} ms (CPU time)`, () => {
  it('has cases for every area of the registry', () => {
    expect(AREAS.filter((area) => !LARGEST[area]?.length)).toEqual([]);
  });

  it.each([
    ...Object.entries(LARGEST).flatMap(([area, cases]) => cases.map(([what, make]) => [area, what, make] as const)),
    ...CONTROL.map(([what, make]) => ['control', what, make] as const),
  ])('%s: %s', async (_area, _what, make) => {
    const request = make();
    if (!_what.includes('state cap')) expect(request.body?.length ?? request.target.length).toBeGreaterThan(request.body ? MAX_BODY - 64 : 16 * 1024);
    const runs = [await longestStall(request), await longestStall(request), await longestStall(request)];
    const { probes, status } = runs[0]!;
    const longest = Math.min(...runs.map((run) => run.longest));
    expect(status).toBeLessThan(_what.includes('state cap accepts') ? 300 : 500);
    expect(probes).toBeGreaterThan(0);
    expect(longest).toBeLessThan(BOUND_MS);
  });
});

describe('the zone-file reader', () => {
  const cpuOf = (text: string) => {
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = cpuMs();
      importZoneFile(text);
      best = Math.min(best, cpuMs() - started);
    }
    return best;
  };

  it.each(Object.entries(ZONE_FILES))('reads %s in linear time (8 times the size within 24 times the CPU time)', (_name, make) => {
    // The two sizes read in turns, each its best of the turns: both see the same heap and the same
    // collector (a shared worker's heap grows with every file before this one).
    const smallText = make(MAX_BODY / 16);
    const largeText = make(MAX_BODY / 2);
    let small = Infinity;
    let large = Infinity;
    for (let turn = 0; turn < 3; turn++) {
      small = Math.min(small, cpuOf(smallText));
      large = Math.min(large, cpuOf(largeText));
    }
    expect(large).toBeLessThan(24 * Math.max(small, 1));
  });

  it('still counts what it reads: records, failed lines, skipped repeats', () => {
    const text = [
      '$ORIGIN example.com.',
      'a 300 IN A 192.0.2.1',
      'a 300 IN A 192.0.2.1',
      'b IN TXT "one ; two" ; comment',
      'c IN TXT "open',
      'd IN MX ( 10',
      '  mail.example.com. )',
    ].join('\n');
    expect(importZoneFile(text).counts).toEqual({ RecordsSuccessful: 3, RecordsFailed: 1, RecordsSkipped: 1 });
    expect(importZoneFile(text).added.map((record) => record.data)).toEqual(['192.0.2.1', '"one ; two"', '10 mail.example.com.']);
  });
});
