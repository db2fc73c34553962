// The 1,000-row figures of `pnpm bench database` measured in pairs: the same call through the
// mock and through the `file:` database one right after the other (which goes first alternates),
// each pair giving a ratio, the figure the median of those ratios. On a shared machine the load
// moves between one series and the next; within a pair it moves far less, so the ratio holds
// where the two medians taken minutes apart did not. What is compared stays the issue's: the same
// client on the mock over HTTP against the same client on a file: database.
import type { Client } from '@libsql/client';

export interface Paired {
  /** Median time through the mock, and through the file: database, in ms. */
  mock: number;
  file: number;
  /** Median of the pairs' ratios (mock / file). */
  ratio: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

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
