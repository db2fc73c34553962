// Entry point `@platform-contracts/mock/vitest`: the vitest fixtures (vitest/fixtures.ts).
export * from './vitest/fixtures.ts';
