// A team's own REST suite (bench/team/: 120 tests in 6 files, written as an application team
// writes them: one createMock({ areas }) per file in beforeAll, naming the areas it uses as the
// mock's README says, a fresh access key per test, a platform client bound to it, mock.reset(key)
// after each), run with vitest against the team's hand-written MSW handlers (the baseline), the
// mock in process (a mock per file, and the mock's vitest fixtures: a mock per worker), and
// `platform-mock` over HTTP; and, for information, a createMock() of every area per file (the
// database engine started in each file).
// Each run is timed whole, from the command to vitest's exit (setup included: vitest's start,
// each file's createMock or MSW server, the HTTP mock's start); the backends alternate, and each
// figure is the median of its rounds. Goals: in process ≤ 1.5x MSW (either shape), over HTTP ≤ 2x.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { fail } from '../../scripts/lib/run.ts';
import type { Goal } from './goals.ts';
import { median } from './stats.ts';

const TESTS = 120;
const ROUNDS = 5;
const BACKENDS = [
  { name: 'msw', label: "hand-written MSW handlers (the team's own)" },
  { name: 'mock', label: "createMock({ areas }) in process (mock.fetch), the suite's areas named" },
  { name: 'mock-all', label: 'createMock() of every area in process (the database engine started in each file; for information)' },
  { name: 'fixture', label: "the mock's vitest fixtures (a mock per worker)" },
  { name: 'http', label: 'platform-mock over HTTP' },
] as const;
type BackendName = (typeof BACKENDS)[number]['name'];
const GOALS: Partial<Record<BackendName, number>> = { mock: 1.5, fixture: 1.5, http: 2 };

interface Run {
  wallMs: number;
  /** The sum of the tests' own durations. */
  testsMs: number;
  /** The sum of the files' durations (their hooks included). */
  filesMs: number;
}

function run(backend: BackendName): Run {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-team-'));
  const output = path.join(dir, 'report.json');
  const started = performance.now();
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/vitest'),
    ['run', '--config', 'bench/team/vitest.config.ts', '--reporter=json', `--outputFile=${output}`],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, TEAM_BACKEND: backend },
    },
  );
  const wallMs = performance.now() - started;
  if (result.status !== 0) fail(`the team suite failed on ${backend}:\n${result.stdout.slice(-2000)}${result.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    numPassedTests: number;
    testResults: { startTime: number; endTime: number; assertionResults: { duration: number }[] }[];
  };
  rmSync(dir, { recursive: true, force: true });
  if (report.numPassedTests !== TESTS) fail(`the team suite passed ${report.numPassedTests} tests on ${backend}, not ${TESTS}`);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    wallMs,
    testsMs: sum(report.testResults.flatMap((file) => file.assertionResults.map((test) => test.duration))),
    filesMs: sum(report.testResults.map((file) => file.endTime - file.startTime)),
  };
}

export function measureTeamSuite(goals: Goal[]) {
  run('msw'); // warm-up: the file cache, vitest's own start
  const runs = Object.fromEntries(BACKENDS.map(({ name }) => [name, [] as Run[]])) as Record<BackendName, Run[]>;
  for (let round = 0; round < ROUNDS; round++) for (const { name } of BACKENDS) runs[name].push(run(name));
  const wall = (name: BackendName) => median(runs[name].map((r) => r.wallMs));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nA team's own REST suite (bench/team/: ${TESTS} tests, 6 files), vitest run whole, ${ROUNDS} alternating rounds (median; spread)`);
  for (const { name, label } of BACKENDS) {
    const walls = runs[name].map((r) => r.wallMs).sort((a, b) => a - b);
    const ratio = wall(name) / wall('msw');
    const goal = GOALS[name];
    console.log(
      `  ${label}: ${seconds(wall(name))} (${seconds(walls[0]!)} to ${seconds(walls.at(-1)!)}); files ${seconds(median(runs[name].map((r) => r.filesMs)))}, tests alone ${seconds(median(runs[name].map((r) => r.testsMs)))}` +
        (goal ? `; ${ratio.toFixed(2)}x MSW: ${ratio <= goal ? 'meets the target' : 'MISSES the target'} (≤ ${goal}x)` : ''),
    );
    if (goal)
      goals.push({
        figure: `a team's ${TESTS}-test REST suite, ${label}, vs its MSW handlers`,
        value: `${ratio.toFixed(2)}x (${seconds(wall(name))} against ${seconds(wall('msw'))})`,
        goal: `≤ ${goal}x`,
        met: ratio <= goal,
      });
  }
}
