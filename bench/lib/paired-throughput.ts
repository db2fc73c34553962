// req/s of `platform-mock` against bare node:http in alternating slices, the figure the median of
// the pairs' own ratios. On a 2-core machine shared with other work, the load generator and the
// server settle for seconds at a time into one of two regimes (both on their own core, answers
// pipelined: bare node:http about 45,000 GET/s; or taking turns on one core: about 20,000), and
// which one a run of 3 s sees is the machine's doing, not the server's: one run of each, one after
// the other, read GET at 10 connections from 47 % to 79 % of bare in rounds of the same code.
// Slices side by side see the same regime. Each side still runs for the same total time.
import autocannon from 'autocannon';
import { median, ratioOfPairs } from './stats.ts';

/** One server's load run (or its slices together): req/s, latencies in ms, answers that were not 2xx, bytes an answer. */
export interface Loaded {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  bytes: number;
}

export interface LoadTarget {
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

/** Pairs of slices and each slice's length: each side runs PAIRS * SLICE_SECONDS in all. */
const PAIRS = 6;
const SLICE_SECONDS = 0.5;

async function slice(url: string, target: LoadTarget, headers: Record<string, string>, connections: number, seconds: number) {
  const result = await autocannon({ url: `${url}${target.path}`, method: target.method, body: target.body, headers, connections, duration: seconds });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    bytes: result.throughput.total,
  };
}
type Slice = Awaited<ReturnType<typeof slice>>;

/** One side's slices as one run: req/s over its whole time, the median slice's latencies. */
function together(slices: Slice[]): Loaded {
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  return {
    rps: requests / slices.reduce((sum, s) => sum + s.seconds, 0),
    p50: median(slices.map((s) => s.p50)),
    p99: median(slices.map((s) => s.p99)),
    bad: slices.reduce((sum, s) => sum + s.bad, 0),
    bytes: Math.round(slices.reduce((sum, s) => sum + s.bytes, 0) / Math.max(requests, 1)),
  };
}

/**
 * The mock's and bare node:http's req/s at `connections`, in PAIRS alternating slices (which goes
 * first takes turns), and the mock's share of bare's: the median of the pairs' ratios, with their
 * quartiles and a bootstrap interval.
 */
export async function pairedThroughput(ours: string, bare: string, target: LoadTarget, headers: Record<string, string>, connections: number) {
  const mine: Slice[] = [];
  const baseline: Slice[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const sides = [
      [ours, mine],
      [bare, baseline],
    ] as const;
    for (const [url, slices] of pair % 2 === 0 ? sides : [...sides].reverse()) slices.push(await slice(url, target, headers, connections, SLICE_SECONDS));
  }
  const rate = (s: Slice) => s.requests / Math.max(s.seconds, 0.01);
  const { ratio, spread } = ratioOfPairs(
    mine.map((s, i) => rate(s) / rate(baseline[i]!)),
    (r) => `${(r * 100).toFixed(0)}%`,
  );
  return { mine: together(mine), baseline: together(baseline), ofBare: ratio, spread, seconds: PAIRS * SLICE_SECONDS };
}
