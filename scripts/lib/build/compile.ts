// The packages' TypeScript compiled to JavaScript and declarations (tsc). `pnpm test` builds
// without type checking (`pnpm build --no-check`), because its next stage type-checks every
// package with the tests (tsconfig.json): the output is the same, the check is not done twice.
import { runBin } from '../run.ts';

const options = { check: true };

/** Whether the build's compiles check types (they do, unless `--no-check` said otherwise). */
export function setTypeChecking(check: boolean) {
  options.check = check;
}

export const isTypeChecking = () => options.check;

/** The arguments of tsc for a package's build configuration. */
export const compileArgs = (tsconfig: string) => ['-p', tsconfig, ...(options.check ? [] : ['--noCheck'])];

/** Compiles with the package's build configuration; false when tsc reported an error. */
export const compile = (tsconfig: string) => runBin('tsc', compileArgs(tsconfig)).ok;
