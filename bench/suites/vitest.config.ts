// The benchmark suites of bench/mock.ts (not part of `pnpm test`): run one at a time by name.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['bench/suites/*.suite.ts'], testTimeout: 30_000, hookTimeout: 60_000, fileParallelism: false },
});
