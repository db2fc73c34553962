// Entry point `@platform-contracts/mock/vitest/global-setup`: one HTTP mock for a vitest run (vitest/global-setup.ts).
export { createGlobalSetup, default } from './vitest/global-setup.ts';
