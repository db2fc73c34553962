// Runs jobs a few at a time, in the order given, for files that start their child processes early
// and let each test wait for its own (generators.test.ts, published-types.test.ts).

export type Outcome<T> = { failed: false; value: T } | { failed: true; error: unknown };

/** Starts `jobs` `running` at a time, in order; each outcome settles without throwing (the test that reads it throws). */
export function inTurn<T>(jobs: (() => Promise<T>)[], running = 2): Promise<Outcome<T>>[] {
  const settle: ((outcome: Outcome<T>) => void)[] = [];
  const outcomes = jobs.map(() => new Promise<Outcome<T>>((resolve) => settle.push(resolve)));
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const index = next++;
      settle[index]!(
        await jobs[index]!().then(
          (value): Outcome<T> => ({ failed: false, value }),
          (error: unknown): Outcome<T> => ({ failed: true, error }),
        ),
      );
    }
  };
  for (let i = 0; i < running; i++) void lane();
  return outcomes;
}

/** The value of an outcome, or its error thrown. */
export async function outcomeOf<T>(outcome: Promise<Outcome<T>>): Promise<T> {
  const settled = await outcome;
  if (settled.failed) throw settled.error;
  return settled.value;
}
