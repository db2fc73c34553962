// The client's per-call overhead over raw fetch (`pnpm bench client`): the same GET, to the same
// local server in this process, through the client and through fetch, measured in short slices
// that alternate (which side goes first takes turns), as pairs.
// - The figure is the median of the pairs' own ratios (client over fetch), of CPU time: slices next
//   to each other see the same load from the rest of the machine, and on a shared machine the
//   process's CPU time varies less than its wall time (a slice's wall time holds the time it waited
//   for a core). The server is in this process, so both sides' CPU time holds its work alike.
// - Each slice ends with a young collection that it pays for: what its own calls left, and no
//   other slice's (a natural collection falls in one slice of many and would tip that pair).
// - Beside it: the same figure of wall time, the quartiles of the pairs' ratios, a 95 % bootstrap
//   interval of the figure (the pairs resampled, seeded), and each side's median µs per call.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { median, ratioOfPairs } from './stats.ts';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

export interface Slice {
  /** Microseconds per call: wall time and CPU time of the whole process. */
  wall: number;
  cpu: number;
}

async function slice(call: () => Promise<void>, calls: number): Promise<Slice> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call();
  collect({ type: 'minor' });
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - started) * 1000) / calls, cpu: (used.user + used.system) / calls };
}

export interface PairedRun {
  /** Per pair: the baseline's slice and each other side's slice beside it. */
  pairs: { baseline: Slice; sides: Record<string, Slice> }[];
}

/**
 * `pairs` rounds of one slice of `calls` calls per side; each round's order is turned by one,
 * so that every side goes first as often as the others.
 */
export async function pairedSlices(
  baseline: () => Promise<void>,
  sides: Record<string, () => Promise<void>>,
  pairs: number,
  calls: number,
): Promise<PairedRun> {
  const order = ['', ...Object.keys(sides)];
  const run: PairedRun = { pairs: [] };
  collect({ type: 'major' });
  for (let p = 0; p < pairs; p++) {
    const pair: PairedRun['pairs'][number] = { baseline: { wall: 0, cpu: 0 }, sides: {} };
    for (let k = 0; k < order.length; k++) {
      const name = order[(p + k) % order.length]!;
      const measured = await slice(name === '' ? baseline : sides[name]!, calls);
      if (name === '') pair.baseline = measured;
      else pair.sides[name] = measured;
    }
    run.pairs.push(pair);
  }
  return run;
}

export interface Overhead {
  /** The median of the pairs' ratios (side over baseline) less 1. */
  overhead: number;
  /** Its quartiles and 95 % bootstrap interval, as text. */
  spread: string;
  /** Median µs per call of the baseline and of the side. */
  baseline: number;
  side: number;
}

const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

/** A side's overhead over the baseline in one measure (`cpu` or `wall`). */
export function overheadOf(run: PairedRun, side: string, measure: keyof Slice): Overhead {
  const { ratio, spread } = ratioOfPairs(
    run.pairs.map((pair) => pair.sides[side]![measure] / pair.baseline[measure]),
    percent,
    58,
  );
  return {
    overhead: ratio - 1,
    spread,
    baseline: median(run.pairs.map((pair) => pair.baseline[measure])),
    side: median(run.pairs.map((pair) => pair.sides[side]![measure])),
  };
}
