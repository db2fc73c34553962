// The test runner a mock reports to, when one is registered: the running test that a violation
// fails, and where the coverage counted during a test goes. The mock knows no test runner; the
// vitest layer registers its bridge (vitest/bridge.ts) when the package's entry points load it.
import type { CoverageCounter } from './coverage.ts';

export interface TestRunnerBridge {
  /** Counts reach the tests that run (and, after the last one, the reporter's folder). */
  watch(counter: CoverageCounter): { counted(): void; close(): void };
  /** Fails the running test once it finishes; false when no test is running. */
  failRunningTest(error: Error): boolean;
}

/** The registered runner's bridge for a new mock, if it has a use for one (`failures`: the mock's onViolation is 'fail'). */
export type TestRunnerLoader = (needs: { failures: boolean }) => Promise<TestRunnerBridge | undefined>;

let registered: TestRunnerLoader | undefined;

/** Registers the test runner every mock made in this process reports to (the last one registered). */
export function registerTestRunner(loader: TestRunnerLoader): void {
  registered = loader;
}

/** The registered test runner's bridge for a new mock; undefined when none is registered or it has no use for one. */
export function testRunnerBridge(needs: { failures: boolean }): Promise<TestRunnerBridge | undefined> {
  return registered ? registered(needs) : Promise.resolve(undefined);
}
