// The engine starts its threads one at a time (one-at-a-time.ts): under every order in which
// claims arrive and starts finish or fail (fast-check's scheduler, replayable by seed), no two
// starts run at once, each claim gets a thread of its own, and a failed start holds up none after it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../../../../packages/mock/src/areas/database/sql/threads/one-at-a-time.ts';

type Wrap = (start: () => Promise<number>) => () => Promise<number>;

/** The property, for a way of wrapping the start; `fails[k]`: whether the k-th start fails. */
const startsOneAtATime = (wrap: Wrap) =>
  fc.asyncProperty(fc.scheduler(), fc.array(fc.boolean(), { minLength: 2, maxLength: 12 }), async (s, fails) => {
    let running = 0;
    let most = 0;
    let calls = 0;
    const start = wrap(async () => {
      const thread = calls++;
      running++;
      most = Math.max(most, running);
      await s.schedule(Promise.resolve(), `thread ${thread} loads`);
      running--;
      if (fails[thread]) throw new Error(`thread ${thread} failed`);
      return thread;
    });
    // Claims arrive at scheduled moments, between the starts' steps.
    const claims = fails.map((_, claim) => s.schedule(Promise.resolve(claim), `claim ${claim}`).then(() => start()));
    const outcomes = await s.waitFor(Promise.allSettled(claims));
    expect(most).toBe(1);
    expect(calls).toBe(fails.length);
    const threads = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    // Each thread that loaded went to exactly one claim; as many claims failed as starts did.
    expect(threads.sort((a, b) => a - b)).toEqual(fails.flatMap((failed, thread) => (failed ? [] : [thread])));
  });

describe('engine threads start one at a time', () => {
  it('never two at once, each claim its own thread, a failure holding up none', async () => {
    await fc.assert(startsOneAtATime(oneAtATime), { numRuns: 100 });
  });

  it('can fail: starts that are not wrapped load side by side', async () => {
    await expect(
      fc.assert(
        startsOneAtATime((start) => start),
        { numRuns: 100 },
      ),
    ).rejects.toThrow(/Property failed/);
  });
});
