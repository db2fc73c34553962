// What the mock learns of every call for a suite: the journal, coverage and onViolation, fed by
// the engine's hooks, and the test runner's bridge, when one is registered (journal/test-runner.ts:
// the vitest layer registers its own), that fails the running test or hands its coverage on.

import type { AnsweredCall, AnsweredMessage } from '../engine/answering.ts';
import type { OpenApiDocument } from '../engine/area.ts';
import { createCoverageCounter } from '../journal/coverage.ts';
import { coverageReport, coverageSkeleton, type OperationSkeleton } from '../journal/coverage-report.ts';
import { createJournal } from '../journal/journal.ts';
import { createRecorder, sensitiveNamesOf } from '../journal/recorder.ts';
import { testRunnerBridge } from '../journal/test-runner.ts';
import { describeViolation, violationError } from '../journal/violation-report.ts';
import type { MockOptions, ViolationMode } from './options.ts';

export async function createRecording(
  options: MockOptions,
  {
    areaNames,
    documents,
    onViolation,
    maxNamespaces,
  }: { areaNames: string[]; documents: Map<string, OpenApiDocument>; onViolation: ViolationMode; maxNamespaces: number },
) {
  const recording = options.journal !== false;
  const journal = recording ? createJournal({ ...options.journal, maxNamespaces }) : undefined;
  const coverage = createCoverageCounter(areaNames);
  const bridge = recording ? await testRunnerBridge({ failures: onViolation === 'fail' }) : undefined;
  const coverageWatch = bridge?.watch(coverage);
  const recorder = createRecorder({
    journal,
    coverage,
    sensitive: new Set([...documents.values()].flatMap((document) => [...sensitiveNamesOf(document)])),
    onViolation:
      onViolation === 'off'
        ? undefined
        : (namespace, entry) => {
            if (onViolation === 'fail' && bridge?.failRunningTest(violationError(namespace, [entry]))) return;
            console[onViolation === 'fail' ? 'error' : 'warn'](`platform-mock: ${describeViolation(entry)}`);
          },
  });
  let skeleton: OperationSkeleton[] | undefined;
  return {
    journal,
    coverage,
    /** What every namespace reached of the contracts so far. */
    coverageNow: () => coverageReport((skeleton ??= [...documents].flatMap(([area, document]) => coverageSkeleton(area, document))), coverage.snapshot()),
    /** The engine's hooks; none with `journal: false`. */
    engineHooks: recording
      ? {
          onAnswered: (call: AnsweredCall) => {
            recorder.call(call);
            coverageWatch?.counted();
          },
          onMessage: (message: AnsweredMessage) => recorder.message(message),
        }
      : {},
    close: () => coverageWatch?.close(),
  };
}
