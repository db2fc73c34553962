// Specmatic (the pinned npm package, on Java 17) run for real against the mock over HTTP, in its
// example-based mode, on every area's bundle with the negative cases beside it: one Specmatic run
// (one Java start) for all areas, then each area's tests read from its JUnit report. Every example
// and every negative case must run and pass. The generative run is `pnpm specmatic --generative`.
import { describe, expect, it } from 'vitest';
import { javaMissing, runSpecmatic, type SpecmaticReport, specmaticMockOptions } from '../../scripts/lib/specmatic/run.ts';
import { useHttpMock } from '../support/mock.ts';
import { negativeCases } from '../support/negative-cases.ts';
import { listAreas, loadBundle, operationsOf } from '../support/openapi.ts';
import { pairedExamples } from '../support/paired-examples.ts';

const areas = listAreas();

describe('Specmatic example-based contract tests against the mock', () => {
  const used = useHttpMock(undefined, specmaticMockOptions());
  let report: Promise<SpecmaticReport> | undefined;
  /** The one run, started by the first test that reads it (the mock is listening by then). */
  const specmatic = () => {
    const missing = javaMissing();
    if (missing) throw new Error(missing);
    report ??= runSpecmatic(areas, used.url);
    return report;
  };

  it('finds Java 17 (pnpm setup:tools installs it)', () => {
    expect(javaMissing()).toBeUndefined();
  });

  it('loads every contract and attributes every test to an area', { timeout: 300_000 }, async () => {
    const { problems, output } = await specmatic();
    expect(problems, problems.length > 0 ? output.slice(-4000) : '').toEqual([]);
  });

  it('reads the dictionary made from the contracts (arrays within their bounds: scripts/lib/specmatic/dictionary.ts)', async () => {
    const { output } = await specmatic();
    expect(output).toMatch(/Using dictionary file \S*dictionary\.json/);
  });

  it.each(areas)('%s: every example and negative case runs and passes', async (area) => {
    const run = (await specmatic()).areas.find((candidate) => candidate.area === area);
    expect(run, `Specmatic reported no test of ${area}`).toBeDefined();
    expect(run!.failures.map(({ name, detail }) => `${name}\n${detail}`)).toEqual([]);
    const document = loadBundle(area);
    const expected = [
      ...operationsOf(area).flatMap((operation) => pairedExamples(document, operation).map((example) => example.name)),
      ...negativeCases(area).map((negative) => negative.file.replace(/\.json$/, '')),
    ];
    const ran = new Set(run!.names.flatMap((name) => /from the example '([^']+)'/.exec(name)?.[1] ?? []));
    expect(expected.filter((name) => !ran.has(name))).toEqual([]);
    expect(run!.run).toBeGreaterThanOrEqual(expected.length);
  });
});
