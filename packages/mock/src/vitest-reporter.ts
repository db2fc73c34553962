// Entry point `@platform-contracts/mock/vitest/reporter`: contract coverage after a vitest run (vitest/reporter.ts).
export { default, type PlatformCoverageOptions, PlatformCoverageReporter } from './vitest/reporter.ts';
