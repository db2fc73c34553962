// Coverage counts (journal/coverage.ts) against a plain model, on generated runs of counted calls
// and clears (fast-check, fixed seed): the operation counted last is found without a look-up, and
// its status counted last too (runs of one status and changes between them),
// which no clear may outlive.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCoverageCounter } from '../../../packages/mock/src/journal/coverage.ts';

const call = fc.record({
  operationId: fc.option(fc.constantFrom('createVideo', 'listCollections', 'getZone'), { nil: undefined }),
  status: fc.constantFrom(200, 201, 400, 500),
  parameters: fc.subarray(['path libraryId', 'query page']),
  body: fc.option(fc.dictionary(fc.constantFrom('title', 'collectionId', 'thumbnailTime'), fc.integer()), { nil: undefined }),
});
const step = fc.oneof({ weight: 9, arbitrary: call }, { weight: 1, arbitrary: fc.constant('clear' as const) });

describe('coverage counts, against a model', () => {
  it('count what was called since the last clear', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const counter = createCoverageCounter(['video']);
        let model: {
          operations: Record<string, { calls: number; statuses: Record<string, number>; parameters: Record<string, number>; fields: Record<string, number> }>;
          unmatched: number;
        } = { operations: {}, unmatched: 0 };
        for (const s of steps) {
          if (s === 'clear') {
            counter.clear();
            model = { operations: {}, unmatched: 0 };
            continue;
          }
          counter.count(s);
          if (s.operationId === undefined) {
            model.unmatched++;
            continue;
          }
          const counted = (model.operations[s.operationId] ??= { calls: 0, statuses: {}, parameters: {}, fields: {} });
          counted.calls++;
          counted.statuses[s.status] = (counted.statuses[s.status] ?? 0) + 1;
          for (const parameter of s.parameters) counted.parameters[parameter] = (counted.parameters[parameter] ?? 0) + 1;
          for (const field of Object.keys(s.body ?? {})) counted.fields[field] = (counted.fields[field] ?? 0) + 1;
        }
        const { operations, unmatched } = counter.snapshot();
        expect(unmatched).toBe(model.unmatched);
        expect(
          Object.fromEntries(
            Object.entries(operations).map(([id, o]) => [id, { calls: o.calls, statuses: o.statuses, parameters: o.parameters, fields: o.fields }]),
          ),
        ).toEqual(model.operations);
      }),
      { seed: 58, numRuns: 200 },
    );
  });
});
