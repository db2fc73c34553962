// The 1,000-row figures of `pnpm bench database` measured in rounds: the same call through the
// mock and through the `file:` database one right after the other (and through the clients given
// beside them: the client's floors, client-floor.ts), which goes first turning each round; each
// round gives a ratio, the figure the median of those ratios. On a shared machine the load moves
// between one series and the next; within a round it moves far less, so the ratio holds where two
// medians taken minutes apart did not (the floor measured apart once read 0.1 ms under the mock,
// and 4 ms under it in the next run). What is compared stays the issue's: the same client on the
// mock over HTTP against the same client on a file: database. The warm SELECT 1 figures against
// the mock's HTTP round trip are paired the same way (againstHealth).
import type { Client } from '@libsql/client';
import { median, ratioOfPairs, timed } from './stats.ts';

/** A client measured beside the mock in the same rounds: its median ms, the median of its rounds' ratios against file:, and the mock's own ms over it (the median of the rounds' mock less it). */
export interface Beside {
  ms: number;
  ratio: number;
  own: number;
}

export interface Paired<Names extends string = never> {
  /** Median time through the mock, and through the file: database, in ms. */
  mock: number;
  file: number;
  /** Median of the rounds' ratios (mock / file). */
  ratio: number;
  /** The rounds' ratios: their quartiles and a 95 % bootstrap interval of their median. */
  spread: string;
  beside: Record<Names, Beside>;
}

async function timedOnce(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** `call` through each client, `warm` untimed rounds then `rounds` timed ones; through the clients `beside` too, in the same rounds. */
export async function paired<Names extends string = never>(
  mock: Client,
  file: Client,
  call: (db: Client) => Promise<unknown>,
  rounds: number,
  warm: number,
  beside: Record<Names, Client> = {} as Record<Names, Client>,
): Promise<Paired<Names>> {
  const names = Object.keys(beside) as Names[];
  const sides = [mock, file, ...names.map((name) => beside[name])];
  for (let i = 0; i < warm; i++) for (const side of sides) await call(side);
  const times = sides.map(() => [] as number[]);
  const ratios = sides.map(() => [] as number[]);
  const own = sides.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    const round: number[] = [];
    // Which side goes first turns each round (with two sides, they alternate).
    for (let k = 0; k < sides.length; k++) {
      const side = (i + k) % sides.length;
      round[side] = await timedOnce(() => call(sides[side]!));
    }
    round.forEach((ms, side) => {
      times[side]!.push(ms);
      ratios[side]!.push(ms / round[1]!);
      own[side]!.push(round[0]! - ms);
    });
  }
  const besides = names.map((name, index) => [name, { ms: median(times[index + 2]!), ratio: median(ratios[index + 2]!), own: median(own[index + 2]!) }]);
  return {
    mock: median(times[0]!),
    file: median(times[1]!),
    ratio: median(ratios[0]!),
    spread: ratioOfPairs(ratios[0]!, (ratio) => `${ratio.toFixed(2)}x`).spread,
    beside: Object.fromEntries(besides) as Record<Names, Beside>,
  };
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
