// Before a suite's first test, each area the worker's mock serves readies what its first request
// would wait for (its suite setup's warm-up: the database's engine starts in the background), so
// that no test's own time limit pays for it (vitest's first test took 5 to 7 s on a loaded
// machine, against its 5 s default). Every request a warm-up sends is a setup request.
import { SETUP_HEADER } from '../journal/recorder.ts';
import { suiteSetupOf } from '../mock/area-suites.ts';
import type { Mock } from '../mock/mock.ts';

/** Runs the warm-up of every area the mock serves that offers one; resolves once each is done. */
export async function warmUpAreas(mock: Pick<Mock, 'operations' | 'areas' | 'handle'>): Promise<void> {
  const served = new Set(mock.operations.map((operation) => operation.area));
  await Promise.all(
    [...served].map(async (area) => {
      const warmUp = suiteSetupOf(area)?.warmUp;
      if (!warmUp) return;
      await warmUp(
        async ({ body, ...request }) => {
          const answer = await mock.handle({
            ...request,
            headers: { ...request.headers, [SETUP_HEADER]: '1' },
            ...(body === undefined ? {} : { body: Buffer.from(body) }),
          });
          const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : Buffer.from(answer.body).toString('utf8');
          return { status: answer.status, text };
        },
        (mock.areas as Record<string, unknown>)[area],
      );
    }),
  );
}
