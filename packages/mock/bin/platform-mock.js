#!/usr/bin/env node
// Runs the built mock (its CLI bundled into one module by scripts/build-mock.ts, for a quick start),
// or says how to build it (rather than Node's module-not-found trace).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/bundle/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('error: the mock is not built yet: run `pnpm build` first (or `pnpm start` to build and serve)');
  process.exit(1);
}
// A reader that closes the pipe (`platform-mock --help | head -1`) ends the output quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { runMockCli } = await import(cli.href);
await runMockCli(process.argv.slice(2));
