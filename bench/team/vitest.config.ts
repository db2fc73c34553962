// The team's suite of bench/lib/team-suite.ts (not part of `pnpm test`), run once per backend
// (TEAM_BACKEND), with vitest's defaults otherwise, as a team runs its own suite. It uses the
// packages as a team installs them: their built code (not the sources), loaded by Node as any
// installed package is (not transformed by vitest).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['import', 'node', 'default'] },
  ssr: { resolve: { conditions: ['import', 'node', 'default'], externalConditions: ['import', 'node'] } },
  test: {
    include: ['bench/team/*.test.ts'],
    globalSetup: ['bench/team/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { external: [/packages\/(client|contracts|mock)\/dist\//] } },
  },
});
