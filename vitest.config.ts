import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two files at once on a 2-core machine (vitest's default keeps one core free): most files wait
    // on child processes, sockets or Chromium, so the second worker shortens the run by a third.
    maxWorkers: 2,
    // The build outputs the tests read are rebuilt first when older than their sources (a file run alone).
    globalSetup: ['./test/support/fresh-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The suite publishes what it reached of the contracts (dist/platform-coverage.json and .html);
    // the summary line CI reads stays last.
    reporters: ['default', ['@platform-contracts/mock/vitest/reporter', { outputFile: 'dist/platform-coverage.json' }], './test/support/summary-reporter.ts'],
    // `vitest run` also type-checks the type tests (`*.test-d.ts`) with tsc.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
  },
});
