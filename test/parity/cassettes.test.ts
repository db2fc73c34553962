// Every committed cassette verified on the mock, offline: the platform's (parity/cassettes/) and
// the stand-in's (test/parity/cassettes/, test equipment). Each folder holds only its own source,
// and the report counts only the platform's.
import { AREAS } from '@platform-contracts/contracts';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cassette, readCassettes } from '../../scripts/lib/parity/cassette.ts';
import { parityReport } from '../../scripts/lib/parity/report.ts';
import { SCENARIOS } from '../../scripts/lib/parity/scenarios/index.ts';
import { differenceLines, verifyCassette } from '../../scripts/lib/parity/verify.ts';
import { PLATFORM_CASSETTES, STAND_IN_CASSETTES } from '../../scripts/lib/paths.ts';

const FOLDERS: [string, string, Cassette['source']][] = [
  ['parity/cassettes', PLATFORM_CASSETTES, 'platform'],
  ['test/parity/cassettes', STAND_IN_CASSETTES, 'stand-in'],
];
const committed = FOLDERS.flatMap(([folder, dir, source]) => readCassettes(dir).map(({ file, cassette }) => ({ folder, file, cassette, source })));
const SCENARIO_NAMES = SCENARIOS.map((s) => s.name);

let mock: Mock;
beforeAll(async () => {
  mock = await createMock();
});
afterAll(() => mock?.close());

it.each(AREAS.map((area) => [area]))('%s has parity scenarios', (area) => {
  expect(
    SCENARIOS.some((s) => s.area === area),
    `${area} has no parity scenarios: write scripts/lib/parity/scenarios/${area}.ts`,
  ).toBe(true);
});

it('finds the stand-in’s cassettes, one per scenario', () => {
  expect(
    committed
      .filter((c) => c.source === 'stand-in')
      .map((c) => c.cassette.scenario)
      .sort(),
  ).toEqual([...SCENARIO_NAMES].sort());
});

describe.each(committed.map((c) => [`${c.folder}/${c.cassette.scenario}`, c] as const))('%s', (_name, { cassette, source }) => {
  it(`is marked ${source}, as its folder says`, () => {
    expect(cassette.source).toBe(source);
  });

  it('names a scenario that exists', () => {
    expect(SCENARIO_NAMES).toContain(cassette.scenario);
  });

  it('replays on the mock with no difference', async () => {
    expect(differenceLines(await verifyCassette(mock, cassette))).toEqual([]);
  });
});

it('reports only what the platform’s cassettes cover as verified', () => {
  const report = parityReport(committed.map((c) => c.cassette));
  const covered = new Set(committed.filter((c) => c.source === 'platform').flatMap((c) => c.cassette.steps.map((s) => s.operationId)));
  for (const operation of report.operations)
    expect(operation.status, operation.operationId).toBe(covered.has(operation.operationId) ? 'verified' : 'unverified');
  expect(report.platformCassettes).toBe(committed.filter((c) => c.source === 'platform').length);
});
