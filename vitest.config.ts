import { defineConfig } from 'vitest/config';

/**
 * Files that need modules of their own: they replace a module (`vi.mock`), stub globals, count
 * what a module did since it loaded, start the fixtures' mock with the file, or wait on Node's
 * own socket timeouts (access.test: twice, on a fresh clone's first run, the idle socket it opens
 * first was never closed after other files had run in its worker). Every other file shares its
 * worker's modules with the files before it (not isolated): importing the packages again for each
 * file was a sixth of the run.
 */
const ISOLATED = [
  'test/mock/doors/access.test.ts',
  'test/mock/areas/database/sql/engine-start.test.ts',
  'test/areas/database/client.test.ts',
  'test/client/in-process.test.ts',
  'test/client/platform.test.ts',
  'test/mock/mock/precompiled-validators.test.ts',
  'test/mock/mock/tick-object.test.ts',
  'test/mock/vitest/vitest-early-start.test.ts',
  'test/openapi/generators.test.ts',
  // A failed load of SQLite's module leaves libSQL's loader unusable for its module instance.
  'test/mock/areas/database/sql/wasm/sqlite-module.test.ts',
  // Load libSQL's module in the test's own thread: a worker that loaded it before (another file,
  // isolation off) runs its bootstrap again and throws.
  'test/mock/areas/database/sql/wasm/shared-hooks.test.ts',
  'test/mock/areas/database/sql/wasm/json-rows.test.ts',
  'test/mock/areas/database/sql/threads/worker-databases.test.ts',
];

export default defineConfig({
  test: {
    // Two files at once on a 2-core machine (vitest's default keeps one core free): most files wait
    // on child processes, sockets or Chromium, so the second worker shortens the run by a third.
    maxWorkers: 2,
    // The build outputs the tests read are rebuilt first when older than their sources (a file run alone);
    // the run's scratch folder, where files of both workers share work (one pack of the packages).
    globalSetup: ['./test/support/fresh-build.ts', './test/support/run-scratch.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The suite publishes what it reached of the contracts (dist/platform-coverage.json and .html);
    // the summary line CI reads stays last.
    reporters: ['default', ['@platform-contracts/mock/vitest/reporter', { outputFile: 'dist/platform-coverage.json' }], './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
          // `vitest run` also type-checks the type tests (`*.test-d.ts`) with tsc, but in a whole `pnpm
          // test`, whose typecheck stage (tsc -p tsconfig.json) checked them already (scripts/test.ts's TYPES_CHECKED).
          typecheck: { enabled: !process.env.PLATFORM_TEST_TYPES_CHECKED, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
