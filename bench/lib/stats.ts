// The benchmarks' summaries of repeated measurements.

/** The value below which a share `p` (0 to 1) of the measurements fall (the nearest rank). */
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** The middle measurement (of an even count, the upper of the two middle ones). */
export const median = (values: number[]) => percentile(values, 0.5);
