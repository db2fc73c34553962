// The benchmarks' summaries of repeated measurements.

/** The value below which a share `p` (0 to 1) of the measurements fall (the nearest rank). */
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** The middle measurement (of an even count, the upper of the two middle ones). */
export const median = (values: number[]) => percentile(values, 0.5);

/** The time of each of `rounds` runs of `run`, one after another, in milliseconds. */
export async function timed(run: () => unknown, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** A small seeded generator (mulberry32), so that a bootstrap interval is the same for the same measurements. */
export function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The figure of paired slices: the median of the pairs' ratios, and as text (each ratio written by
 * `percent`) their quartiles and the 95 % bootstrap interval of that median (1,000 seeded resamples).
 */
export function ratioOfPairs(ratios: number[], percent: (ratio: number) => string, seed = 47): { ratio: number; spread: string } {
  const random = seeded(seed);
  const resampled: number[] = [];
  for (let i = 0; i < 1_000; i++) resampled.push(median(Array.from(ratios, () => ratios[Math.floor(random() * ratios.length)]!)));
  return {
    ratio: median(ratios),
    spread: `pairs ${percent(percentile(ratios, 0.25))} to ${percent(percentile(ratios, 0.75))}; 95% interval ${percent(percentile(resampled, 0.025))} to ${percent(percentile(resampled, 0.975))}`,
  };
}
