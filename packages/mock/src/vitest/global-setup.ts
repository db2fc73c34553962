// `@platform-contracts/mock/vitest/global-setup`: one HTTP mock for a whole vitest run, for suites
// that want every worker on the same server (or a browser or another process reaching it). Its
// URL goes to the workers through `provide`; the fixtures of `@platform-contracts/mock/vitest`
// find it with `inject('platformMockUrl')` and use it instead of starting their own. Each test
// still has a namespace of its own, so sharing the server shares no state.
//
//   // vitest.config.ts
//   export default defineConfig({ test: { globalSetup: ['@platform-contracts/mock/vitest/global-setup'] } });
//
// With options: a globalSetup file of your own, `export default createGlobalSetup({ areas: ['video'] })`.

import { type StartMockOptions, startMock } from '../mock/start-mock.ts';
import { warmUpAreas } from './warm-up.ts';

/** What vitest hands a globalSetup: its `provide` (vitest's TestProject). */
interface SetupContext {
  provide(key: 'platformMockUrl', value: string): void;
}

/** A globalSetup that starts one HTTP mock (on a free port unless `port` is given) and warms its areas up (the database's engine), then provides its URL. */
export function createGlobalSetup(options: StartMockOptions = {}) {
  return async function setup(project: SetupContext): Promise<() => Promise<void>> {
    const mock = await startMock({ port: 0, ...options });
    await warmUpAreas(mock).catch(async (error: unknown) => {
      await mock.close();
      throw error;
    });
    project.provide('platformMockUrl', mock.url);
    return () => mock.close();
  };
}

export default createGlobalSetup();
