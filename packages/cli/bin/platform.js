#!/usr/bin/env node
// Runs the built CLI (packages/cli/dist, made by `pnpm build`); no TypeScript at run time.
import { existsSync } from 'node:fs';
const built = new URL('../dist/main.js', import.meta.url);
if (existsSync(built)) await import(built.href);
else {
  process.stderr.write('platform: error: the CLI is not built: run `pnpm build` (packages/cli/dist/main.js is missing)\n');
  process.exitCode = 1;
}
