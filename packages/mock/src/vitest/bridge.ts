// The mock inside a vitest worker, without the fixtures: what it counts and what it finds reaches
// the test that is running. Coverage counted during a test is put in the test's meta when it
// finishes (`platformCoverage`), where the reporter (vitest/reporter.ts) reads it from every worker;
// with `onViolation: 'fail'`, a violation fails the running test once it finishes. This module
// registers it as the mock's test runner (journal/test-runner.ts) when it loads (the package's
// entry points load it); vitest itself (an optional peer) is loaded only inside a vitest worker.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CoverageCounts } from '../journal/coverage.ts';
import { countsSomething, emptyCounts, mergeCounts, subtractCounts } from '../journal/coverage.ts';
import { registerTestRunner, type TestRunnerBridge } from '../journal/test-runner.ts';

/** Set by the reporter in the run's environment: the folder where mocks leave what no test took (counted after the last test ended). */
export const COVERAGE_DIR_ENV = 'PLATFORM_MOCK_COVERAGE_DIR';
/** The key of a test's meta holding the coverage counted during it. */
export const COVERAGE_META = 'platformCoverage';

interface RunningTest {
  meta: Record<string, unknown>;
  context?: { onTestFinished?(handler: () => void): void };
}

export type VitestBridge = TestRunnerBridge;

/** The bridge when this process is a vitest worker (not vitest's main process, where a globalSetup runs), else undefined. */
async function vitestBridge(): Promise<VitestBridge | undefined> {
  if (!process.env.VITEST || process.env.VITEST_WORKER_ID === undefined) return undefined;
  let getCurrentTest: () => RunningTest | undefined;
  try {
    // vitest 4.1 and later: TestRunner.getCurrentTest(); before: vitest/suite's getCurrentTest().
    const vitest = (await import('vitest')) as unknown as { TestRunner?: { getCurrentTest?: () => RunningTest | undefined } };
    const runner = vitest.TestRunner;
    getCurrentTest = runner?.getCurrentTest
      ? () => runner.getCurrentTest!()
      : ((await import('vitest/suite')) as unknown as { getCurrentTest: () => RunningTest | undefined }).getCurrentTest;
  } catch {
    return undefined;
  }
  const failures = new WeakMap<RunningTest, Error[]>();
  /** Runs `then` when the running test finishes; false when no test runs (or it cannot take one now: a hook). */
  const whenFinished = (test: RunningTest | undefined, then: () => void): boolean => {
    if (!test?.context?.onTestFinished) return false;
    try {
      test.context.onTestFinished(then);
      return true;
    } catch {
      return false;
    }
  };
  return {
    watch(counter) {
      let watched: RunningTest | undefined;
      let reported = emptyCounts();
      const coverageDir = process.env[COVERAGE_DIR_ENV];
      /** What was counted since the last report. */
      const unreported = () => {
        const now = counter.snapshot();
        const delta = subtractCounts(now, reported);
        reported = now;
        return delta;
      };
      return {
        counted() {
          if (!coverageDir) return;
          const test = getCurrentTest();
          if (test === watched || test === undefined) return;
          if (whenFinished(test, () => addToMeta(test, unreported()))) watched = test;
        },
        close() {
          if (!coverageDir) return;
          const delta = unreported();
          if (!countsSomething(delta)) return;
          const test = getCurrentTest();
          if (test) return addToMeta(test, delta);
          try {
            writeFileSync(path.join(coverageDir, `${process.pid}-${randomUUID()}.json`), JSON.stringify(delta));
          } catch {
            // The run is over (its folder removed): nothing is waiting for these counts.
          }
        },
      };
    },
    failRunningTest(error) {
      const test = getCurrentTest();
      if (!test) return false;
      const known = failures.get(test);
      if (known) return (void known.push(error), true);
      const errors = [error];
      const registered = whenFinished(test, () => {
        throw errors.length === 1 ? errors[0]! : new AggregateError(errors, errors.map((e) => e.message).join('\n\n'));
      });
      if (registered) failures.set(test, errors);
      return registered;
    },
  };
}

function addToMeta(test: RunningTest, counts: CoverageCounts) {
  const earlier = test.meta[COVERAGE_META] as CoverageCounts | undefined;
  test.meta[COVERAGE_META] = earlier ? mergeCounts([earlier, counts]) : counts;
}

// A mock that fails no test and whose coverage no reporter collects needs no bridge (nor vitest loaded).
registerTestRunner(({ failures }) => (failures || process.env[COVERAGE_DIR_ENV] ? vitestBridge() : Promise.resolve(undefined)));
