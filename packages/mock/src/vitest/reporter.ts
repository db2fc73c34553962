// `@platform-contracts/mock/vitest/reporter`: contract coverage after every vitest run.
//
//   // vitest.config.ts
//   reporters: ['default', ['@platform-contracts/mock/vitest/reporter', { coverage: { operations: 90, statuses: 60 } }]]
//
// Every mock a worker runs (the fixtures' or a test's own createMock/startMock) puts what it
// counted during each test in the test's meta (vitest/bridge.ts), and what it counted after the
// last test in a folder this reporter names in the run's environment; a mock a globalSetup shares
// is asked over HTTP. The sum, laid over the contracts, is written as `platform-coverage.json`
// (and `platform-coverage.html`, offline) at the project's root, summed up in the terminal, and
// held to the thresholds: a run below them fails.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AREAS, isAreaName, readBundle } from '@platform-contracts/contracts';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { type CoverageCounts, isCoverageCounts, mergeCounts } from '../journal/coverage.ts';
import { coverageHtml } from '../journal/coverage-html.ts';
import {
  type CoverageReport,
  type CoverageThresholds,
  coverageReport,
  coverageSkeleton,
  missedThresholds,
  thresholdsError,
} from '../journal/coverage-report.ts';
import { coverageSummary } from '../journal/coverage-summary.ts';
import { COVERAGE_DIR_ENV, COVERAGE_META } from './bridge.ts';
import { remoteCoverage } from './remote-namespace.ts';

export interface PlatformCoverageOptions {
  /** Where the JSON report goes, from the project's root. Default `platform-coverage.json`. */
  outputFile?: string;
  /** Where the HTML page goes, from the project's root (`false`: none). Default: beside the JSON, `.html`. */
  html?: string | false;
  /** The table in the terminal (`false`: only the totals line). Default true. */
  summary?: boolean;
  /** Thresholds in percent: a run that covers less fails. */
  coverage?: CoverageThresholds;
  /** The areas whose contracts the report covers. Default: the areas the mocks served. */
  areas?: string[];
}

export default class PlatformCoverageReporter implements Reporter {
  private root = process.cwd();
  private leftovers: string | undefined;
  private vitest: Vitest | undefined;

  constructor(private readonly options: PlatformCoverageOptions = {}) {
    const problem = thresholdsError(options.coverage) ?? unknownAreas(options.areas);
    if (problem) throw new Error(`@platform-contracts/mock/vitest/reporter: ${problem}`);
  }

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    this.root = vitest.config.root;
    // Workers inherit the environment: their mocks report there what no test took.
    this.leftovers = mkdtempSync(path.join(tmpdir(), 'platform-coverage-'));
    process.env[COVERAGE_DIR_ENV] = this.leftovers;
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = mergeCounts([...this.fromTests(testModules), ...this.fromLeftovers(), ...(await this.fromSharedMock())]);
    const report = this.report(counts);
    const jsonFile = path.resolve(this.root, this.options.outputFile ?? 'platform-coverage.json');
    mkdirSync(path.dirname(jsonFile), { recursive: true });
    writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
    const htmlFile = this.options.html === false ? undefined : path.resolve(this.root, this.options.html ?? `${jsonFile.replace(/\.json$/, '')}.html`);
    if (htmlFile) {
      mkdirSync(path.dirname(htmlFile), { recursive: true });
      writeFileSync(htmlFile, coverageHtml(report));
    }
    const written = [jsonFile, htmlFile]
      .filter(Boolean)
      .map((file) => path.relative(process.cwd(), file!) || file)
      .join(', ');
    const summary = coverageSummary(report, this.options.coverage, { table: this.options.summary !== false });
    console.log(`\n${summary}\n  written to ${written}`);
    if (missedThresholds(report, this.options.coverage).length > 0) process.exitCode = 1;
  }

  /** What each test's meta holds (every worker's mocks). */
  private fromTests(testModules: ReadonlyArray<TestModule>): CoverageCounts[] {
    const found: CoverageCounts[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const counts = (test.meta() as Record<string, unknown>)[COVERAGE_META];
        if (isCoverageCounts(counts)) found.push(counts);
      }
    }
    return found;
  }

  /** What mocks counted after the last test of their worker (read once, then removed). */
  private fromLeftovers(): CoverageCounts[] {
    if (!this.leftovers) return [];
    const found: CoverageCounts[] = [];
    for (const file of readdirSync(this.leftovers)) {
      const full = path.join(this.leftovers, file);
      try {
        const counts = JSON.parse(readFileSync(full, 'utf8'));
        if (isCoverageCounts(counts)) found.push(counts);
      } catch {
        // A file half written by a worker that was stopped: its counts are lost.
      }
      rmSync(full, { force: true });
    }
    return found;
  }

  /** What the mock a globalSetup shares (`platformMockUrl`) counted, asked over HTTP. */
  private async fromSharedMock(): Promise<CoverageCounts[]> {
    const projects = this.vitest?.projects ?? [];
    const urls = new Set(
      projects
        .map((project) => (project.getProvidedContext() as { platformMockUrl?: string }).platformMockUrl)
        .filter((url): url is string => typeof url === 'string'),
    );
    const found: CoverageCounts[] = [];
    for (const url of urls) {
      try {
        const counts = await remoteCoverage(url, { counts: true });
        if (isCoverageCounts(counts)) found.push(counts);
      } catch {
        // The shared mock has stopped already: what it counted is not known here.
      }
    }
    return found;
  }

  private report(counts: CoverageCounts): CoverageReport {
    // Areas of the registry only: a mock given a contract of its own (a test of the engine) has no bundle to report against.
    const areas = (this.options.areas ?? (counts.areas.length > 0 ? counts.areas : [...AREAS])).filter((area) => isAreaName(area));
    return coverageReport(
      areas.flatMap((area) => coverageSkeleton(area, readBundle(area))),
      counts,
    );
  }

  onClose() {
    if (this.leftovers) rmSync(this.leftovers, { recursive: true, force: true });
  }
}

function unknownAreas(areas: string[] | undefined): string | undefined {
  const unknown = (areas ?? []).filter((area) => !(AREAS as readonly string[]).includes(area));
  return unknown.length > 0 ? `unknown area ${unknown.join(', ')}; the areas are ${AREAS.join(', ')}` : undefined;
}

export { PlatformCoverageReporter };
