// `pnpm bench [name...]`: runs each benchmark in bench/*.ts (or the named ones) in turn.
// Every benchmark reports ratios against a baseline it runs in the same process.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const available = readdirSync(path.join(ROOT, 'bench')).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3)).sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) fail(`unknown benchmark ${unknown.join(', ')}; there are: ${available.join(', ') || 'none'}`);
let failed = 0;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n== bench/${name}.ts`);
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bench', `${name}.ts`)], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
if (failed > 0) fail(`${failed} benchmark(s) failed`);
