// `pnpm bench [name...]`: runs each benchmark in bench/*.ts (or the named ones) in turn.
// Every benchmark reports ratios against a baseline it runs in the same process.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseScriptArgs, plural, usageError } from './lib/args.ts';
import { ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const available = readdirSync(path.join(ROOT, 'bench'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3))
  .sort();
const spec = {
  usage: 'pnpm bench [name...]',
  description: `Runs the benchmarks in bench/ (all of them, or the named ones), one after the other.
Each prints its measurements as ratios against a baseline measured in the same run, so the
numbers compare across machines; see bench/README.md.`,
  positionals: { name: `a benchmark: ${available.join(', ')} (default: all)` },
};
const { positionals: wanted } = parseScriptArgs(spec);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) usageError(spec, `unknown benchmark ${unknown.join(', ')}; there are: ${available.join(', ') || 'none'}`);
let failed = 0;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n== bench/${name}.ts`);
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bench', `${name}.ts`)], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
if (failed > 0) fail(`${plural(failed, 'benchmark')} failed`);
