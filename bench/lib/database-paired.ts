// The 1,000-row figures of `pnpm bench database` measured in pairs: the same call through the
// mock and through the `file:` database one right after the other (which goes first alternates),
// each pair giving a ratio, the figure the median of those ratios. On a shared machine the load
// moves between one series and the next; within a pair it moves far less, so the ratio holds
// where the two medians taken minutes apart did not. What is compared stays the issue's: the same
// client on the mock over HTTP against the same client on a file: database. The warm SELECT 1
// figures against the mock's HTTP round trip are paired the same way (againstHealth).
import type { Client } from '@libsql/client';
import { median, timed } from './stats.ts';

export interface Paired {
  /** Median time through the mock, and through the file: database, in ms. */
  mock: number;
  file: number;
  /** Median of the pairs' ratios (mock / file). */
  ratio: number;
}

async function timedOnce(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** `call` through both clients, `warm` untimed pairs then `pairs` timed ones. */
export async function paired(mock: Client, file: Client, call: (db: Client) => Promise<unknown>, pairs: number, warm: number): Promise<Paired> {
  for (let i = 0; i < warm; i++) {
    await call(mock);
    await call(file);
  }
  const times = { mock: [] as number[], file: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < pairs; i++) {
    const mockFirst = i % 2 === 0;
    const first = await timedOnce(() => call(mockFirst ? mock : file));
    const second = await timedOnce(() => call(mockFirst ? file : mock));
    const [onMock, onFile] = mockFirst ? [first, second] : [second, first];
    times.mock.push(onMock);
    times.file.push(onFile);
    times.ratios.push(onMock / onFile);
  }
  return { mock: median(times.mock), file: median(times.file), ratio: median(times.ratios) };
}

/** A figure against the mock's HTTP round trip: medians in ms, and the median of the pairs' ratios. */
export interface AgainstHealth {
  ms: number;
  health: number;
  ratio: number;
}

/**
 * `call` against the mock's HTTP round trip (GET /_mock/health), in `pairs` alternating slices (which
 * goes first takes turns): `perSlice` calls, then as many round trips (at least `healthPerSlice`),
 * each slice's median, a ratio per pair, the figure the median of those ratios. Measured apart, the
 * round trip was taken minutes before the calls, while the machine's load moved between them.
 */
export async function againstHealth(
  url: string,
  call: () => Promise<unknown>,
  pairs: number,
  perSlice: number,
  healthPerSlice = perSlice,
): Promise<AgainstHealth> {
  const health = async () => {
    const response = await fetch(`${url}/_mock/health`);
    await response.arrayBuffer();
  };
  const slice = async (run: () => Promise<unknown>, count: number) => median(await timed(run, count));
  const times = { ms: [] as number[], health: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < pairs; i++) {
    const callFirst = i % 2 === 0;
    const first = callFirst ? await slice(call, perSlice) : await slice(health, healthPerSlice);
    const second = callFirst ? await slice(health, healthPerSlice) : await slice(call, perSlice);
    const [ms, round] = callFirst ? [first, second] : [second, first];
    times.ms.push(ms);
    times.health.push(round);
    times.ratios.push(ms / round);
  }
  return { ms: median(times.ms), health: median(times.health), ratio: median(times.ratios) };
}
