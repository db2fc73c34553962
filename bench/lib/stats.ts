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
