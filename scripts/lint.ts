// Lints every area: Redocly (recommended) on the sources, then Spectral (.spectral.yaml) on
// the bundles. Any error or warning fails.
import { bundle } from './bundle.ts';
import { bundlePath, listAreas } from './lib/paths.ts';
import { REDOCLY_ENV, fail, runBin } from './lib/run.ts';

const only = process.argv.slice(2);

function redoclyLint(): boolean {
  const { ok, output } = runBin('redocly', ['lint', ...only], { env: REDOCLY_ENV, output: 'capture' });
  // Redocly CLI prints a Node 20 deprecation banner on every run; the findings are what matter.
  process.stdout.write(output.replace(/\n? *╔[\s\S]*?╝\n?/, '\n'));
  return ok && !/\d+ warnings?\b/.test(output.replace(/0 warnings/g, ''));
}

const redoclyClean = redoclyLint();
bundle(only);
// Spectral 6 misreports path-item $refs in OpenAPI 3.1 sources, so it reads the bundles.
const spectralClean =
  runBin('spectral', ['lint', '--fail-severity=warn', ...(only.length > 0 ? only : listAreas()).map((area) => bundlePath(area))]).ok;
if (!redoclyClean || !spectralClean) {
  fail(`lint found problems: ${[!redoclyClean && 'redocly', !spectralClean && 'spectral'].filter(Boolean).join(' and ')}`);
}
console.log('lint: no errors, no warnings');
