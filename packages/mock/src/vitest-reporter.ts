// Entry point `@platform-contracts/mock/vitest/reporter`: contract coverage after a vitest run (vitest/reporter.ts).
export { type PlatformCoverageOptions, default, PlatformCoverageReporter } from './vitest/reporter.ts';
