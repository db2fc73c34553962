// Lints every area: Redocly (recommended) on the sources, then Spectral (.spectral.yaml) on
// the bundles. Any error or warning fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bundle } from './bundle.ts';
import { ROOT, bundlePath, listAreas } from './lib/paths.ts';
import { REDOCLY_ENV, fail, runBin } from './lib/run.ts';

const only = process.argv.slice(2);

function redoclyLint(): boolean {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', ...only], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...REDOCLY_ENV },
  });
  const output = `${result.stdout}${result.stderr}`;
  // Redocly CLI prints a Node 20 deprecation banner on every run; the findings are what matter.
  process.stdout.write(output.replace(/\n? *╔[\s\S]*?╝\n?/, '\n'));
  return result.status === 0 && !/\d+ warnings?\b/.test(output.replace(/0 warnings/g, ''));
}

const redoclyClean = redoclyLint();
bundle(only);
// Spectral 6 misreports path-item $refs in OpenAPI 3.1 sources, so it reads the bundles.
const spectralClean =
  runBin('spectral', ['lint', '--fail-severity=warn', ...(only.length > 0 ? only : listAreas()).map((area) => bundlePath(area))]) === 0;
if (!redoclyClean || !spectralClean) {
  fail(`lint found problems: ${[!redoclyClean && 'redocly', !spectralClean && 'spectral'].filter(Boolean).join(' and ')}`);
}
console.log('lint: no errors, no warnings');
