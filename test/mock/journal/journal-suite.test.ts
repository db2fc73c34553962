// The journal, onViolation and the coverage reporter as a user's suite meets them: vitest is run
// on small projects (test/mock/journal/fixtures/journal-suite/, and the mock README's own example with its
// reporter configuration) and their results read back: a test whose client ignored a 400 fails,
// the coverage file of a known small suite says what it reached, thresholds fail a run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operationsOf } from '@platform-contracts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverageReport } from '../../../packages/mock/src/journal/coverage-report.ts';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { blocksOf } from '../../support/doc-blocks.ts';

const FIXTURES = path.join(ROOT, 'test/mock/journal/fixtures/journal-suite');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'journal-suite-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** vitest run in a project of its own: this run's vitest and coverage settings left out of its environment. */
function vitest(args: string[], cwd: string, env: Record<string, string> = {}) {
  const own = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^VITEST|^PLATFORM_MOCK_/.test(key)));
  const result = spawnSync(process.execPath, [VITEST, 'run', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...own, ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 240_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

interface JsonReport {
  testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

describe('onViolation: a vitest run of violation.fixture.ts', () => {
  let results: Map<string, { status: string; message: string }>;
  let output = '';
  beforeAll(() => {
    const json = path.join(scratch, 'violations.json');
    ({ output } = vitest(['--config', path.join(FIXTURES, 'vitest.config.ts'), 'violation.fixture.ts'], ROOT, { JOURNAL_SUITE_JSON: json }));
    const report = JSON.parse(readFileSync(json, 'utf8')) as JsonReport;
    results = new Map(
      report.testResults.flatMap((file) =>
        file.assertionResults.map((test) => [test.title, { status: test.status, message: test.failureMessages.join('\n') }]),
      ),
    );
  }, 240_000);

  it('fails the test whose client ignored a 400, naming the operation, the violation and the request', () => {
    const result = results.get('fails: its client ignored a 400')!;
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(
      /ContractViolationError: 1 request of access key \*\*\*\*\w{4} broke the platform API's contract \(onViolation: 'fail'; the client may have ignored the answer\)/,
    );
    expect(result.message).toMatch(
      /createVideo was sent a request the contract does not allow:\n {2}- request\.body\.title: must be string\n {2}request: POST \/library\/42\/videos \{"title":42\}\n {2}answered: 400/,
    );
  });

  it('fails the test that called a path no operation has', () => {
    const result = results.get('fails: a path no operation has')!;
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/GET \/library\/42\/vidoes matches no operation of the platform API/);
  });

  it('lets a test that allows violations pass, and warns without failing under onViolation warn', () => {
    expect(results.get('passes: it allows violations')!.status).toBe('passed');
    expect(results.get('passes with a warning: onViolation warn')!.status).toBe('passed');
    expect(output).toMatch(/platform-mock: createVideo was sent a request the contract does not allow/);
  });

  it('fails the running test for createMock({ onViolation: "fail" }) without the fixtures, and only that one', () => {
    expect(results.get('fails: createMock onViolation fail, no fixture')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/request\.body\.title: must be string/),
    });
    expect(results.get('passes: createMock onViolation fail, a valid request')!.status).toBe('passed');
  });
});

describe('the coverage reporter: a vitest run of coverage.fixture.ts', () => {
  let report: CoverageReport;
  let run: { status: number | null; output: string };
  const jsonFile = path.join(scratch, 'out/platform-coverage.json');
  beforeAll(() => {
    run = vitest(['--config', path.join(FIXTURES, 'vitest.config.ts'), 'coverage.fixture.ts'], ROOT, {
      JOURNAL_SUITE_REPORTER: JSON.stringify({ outputFile: jsonFile, coverage: { operations: 10, statuses: 5 } }),
    });
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  }, 240_000);

  it('passes the run when the thresholds are met', () => {
    expect(run.output).toMatch(/Coverage thresholds met\./);
    expect(run.status, run.output).toBe(0);
  });

  it('covers the contracts of the areas the mocks served, operation by operation, in contract order', () => {
    const expected = [...operationsOf('video'), ...operationsOf('shield')].sort((a, b) => a.area.localeCompare(b.area));
    expect(report.operations.map((o) => `${o.area} ${o.method} ${o.path} ${o.operationId}`)).toEqual(
      expected.map((o) => `${o.area} ${o.method.toUpperCase()} ${o.path} ${o.operationId}`),
    );
    for (const operation of report.operations) {
      const model = expected.find((o) => o.operationId === operation.operationId)!;
      expect(
        operation.statuses.map((s) => s.status),
        operation.operationId,
      ).toEqual(Object.keys(model.responses));
    }
  });

  it('counts each call, status, fault, parameter and body field the suite sent', () => {
    const createVideo = report.operations.find((o) => o.operationId === 'createVideo')!;
    expect(createVideo.calls).toBe(2);
    expect(createVideo.statuses.filter((s) => s.count > 0)).toEqual([
      { status: '200', count: 1 },
      { status: '400', count: 1 },
    ]);
    expect(createVideo.parameters).toEqual([{ name: 'libraryId', in: 'path', required: true, sent: 2 }]);
    expect(createVideo.bodyFields.find((f) => f.name === 'title')).toEqual({ name: 'title', required: true, sent: 2 });
    expect(createVideo.bodyFields.filter((f) => f.name !== 'title').every((f) => f.sent === 0)).toBe(true);
    const listShieldZones = report.operations.find((o) => o.operationId === 'listShieldZones')!;
    expect(listShieldZones).toMatchObject({ calls: 2, undocumentedStatuses: [{ status: '503', count: 1 }], faults: [{ fault: 'status 503', count: 1 }] });
    expect(listShieldZones.statuses.filter((s) => s.count > 0)).toEqual([{ status: '200', count: 1 }]);
    expect(listShieldZones.parameters.find((p) => p.name === 'page')).toMatchObject({ in: 'query', sent: 2 });
    expect(
      report.operations
        .filter((o) => o.calls > 0)
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(['createVideo', 'listShieldZones']);
  });

  it('totals operations and documented statuses covered, per area and overall', () => {
    const statuses = report.operations.reduce((sum, o) => sum + o.statuses.length, 0);
    expect(report.totals).toEqual({
      operations: { covered: 2, total: report.operations.length, percent: Math.floor((2 / report.operations.length) * 1000) / 10 },
      statuses: { covered: 3, total: statuses, percent: Math.floor((3 / statuses) * 1000) / 10 },
      unmatchedRequests: 0,
    });
    expect(report.areas.map((a) => [a.area, a.operations.covered, a.statuses.covered])).toEqual([
      ['shield', 1, 1],
      ['video', 1, 2],
    ]);
  });

  it('prints a table by area, the operations no test called first', () => {
    const rows = run.output.split('\n').filter((line) => /^(shield|video) {2,}\w+/.test(line));
    expect(rows).toHaveLength(report.operations.length);
    for (const area of ['shield', 'video']) {
      const calls = rows.filter((row) => row.startsWith(area)).map((row) => Number(row.split(/\s{2,}/)[3]));
      expect(calls.at(-1), area).toBeGreaterThan(0);
      expect(
        calls.slice(0, -1).every((count) => count === 0),
        area,
      ).toBe(true);
    }
    expect(run.output).toMatch(/all: operations 2\/\d+ \([\d.]+%\), statuses 3\/\d+/);
  });

  it('writes an offline HTML page beside the JSON', () => {
    const html = readFileSync(jsonFile.replace(/\.json$/, '.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    for (const operation of report.operations) expect(html).toContain(`>${operation.path}</code>`);
    expect(html).not.toMatch(/<script|<link|\b(src|href)=|url\(|@import/i);
    expect(html).toContain("default-src 'none'");
  });
});

describe('one HTTP mock shared by a globalSetup: both fixture files in one run', () => {
  let results: Map<string, string>;
  let report: CoverageReport;
  beforeAll(() => {
    const json = path.join(scratch, 'shared.json');
    const outputFile = path.join(scratch, 'shared-coverage.json');
    vitest(['--config', path.join(FIXTURES, 'vitest.config.ts')], ROOT, {
      JOURNAL_SUITE_SHARED: '1',
      JOURNAL_SUITE_JSON: json,
      JOURNAL_SUITE_REPORTER: JSON.stringify({ outputFile }),
    });
    const tests = (JSON.parse(readFileSync(json, 'utf8')) as JsonReport).testResults.flatMap((file) => file.assertionResults);
    results = new Map(tests.map((test) => [test.title, test.status]));
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  }, 240_000);

  it('fails the same tests, the violations read from the shared mock over HTTP', () => {
    expect(Object.fromEntries(results)).toEqual({
      'creates a video': 'passed',
      'sends a body the contract refuses, on purpose': 'passed',
      'lists shield zones through a 503 and a page query': 'passed',
      'fails: its client ignored a 400': 'failed',
      'fails: a path no operation has': 'failed',
      'passes: it allows violations': 'passed',
      'passes with a warning: onViolation warn': 'passed',
      'fails: createMock onViolation fail, no fixture': 'failed',
      'passes: createMock onViolation fail, a valid request': 'passed',
    });
  });

  it("sums what the shared mock counted (asked over HTTP) with what the workers' own mocks counted", () => {
    // createVideo: 2 in coverage.fixture.ts and 3 in violation.fixture.ts's fixtures (the shared mock), 2 on violation.fixture.ts's own createMock.
    expect(report.operations.find((o) => o.operationId === 'createVideo')!.calls).toBe(7);
    expect(report.operations.find((o) => o.operationId === 'listShieldZones')!.calls).toBe(2);
    expect(report.totals.unmatchedRequests).toBe(1);
  });
});

describe("the mock README's coverage example, run as written", () => {
  const project = path.join(ROOT, 'dist/readme-coverage');
  let run: { status: number | null; output: string };
  beforeAll(() => {
    const blocks = blocksOf('packages/mock/README.md').filter((block) => block.language === 'ts');
    const config = blocks.find((block) => block.code.includes('@platform-contracts/mock/vitest/reporter'));
    const example = blocks.find((block) => block.exampleFile === 'test/journal.test.ts');
    if (!config || !example) throw new Error('the mock README has no reporter configuration, or no test/journal.test.ts example');
    rmSync(project, { recursive: true, force: true });
    mkdirSync(path.join(project, 'test'), { recursive: true });
    writeFileSync(path.join(project, 'vitest.config.ts'), config.code);
    writeFileSync(path.join(project, example.exampleFile!), example.code);
    run = vitest(['--testTimeout=60000'], project); // the first SQL waits for the engine's start, which a busy machine makes slow
  }, 240_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('passes its tests, writes platform-coverage.json at the project root, and fails the run on its thresholds', () => {
    expect(run.output).toMatch(/Tests\s+3 passed \(3\)/);
    expect(existsSync(path.join(project, 'platform-coverage.json'))).toBe(true);
    expect(existsSync(path.join(project, 'platform-coverage.html'))).toBe(true);
    expect(run.output).toMatch(/Coverage threshold missed: operations covered [\d.]+% \(\d+ of \d+\), below the threshold of 90%/);
    expect(run.output).toMatch(/Coverage threshold missed: statuses covered [\d.]+% \(\d+ of \d+\), below the threshold of 60%/);
    expect(run.status).toBe(1);
  });
});
