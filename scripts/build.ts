// The main build, in the order data flows: bundles the contracts, checks the committed generated
// files, builds @platform/contracts, then the client, the reference site and the mock.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildMock } from './build-mock.ts';
import { bundle } from './bundle.ts';
import { buildDocs } from './docs.ts';
import { staleGenerated } from './generate.ts';
import { CONTRACTS_DIR } from './lib/paths.ts';
import { fail, runBin } from './lib/run.ts';

export async function build() {
  bundle();
  const stale = await staleGenerated();
  if (stale.length > 0) fail(`${stale.join(', ')} ${stale.length === 1 ? 'does' : 'do'} not match the contracts: run \`pnpm generate\` and commit the result`);
  rmSync(path.join(CONTRACTS_DIR, 'dist'), { recursive: true, force: true });
  if (!runBin('tsc', ['-p', 'packages/contracts/tsconfig.build.json']).ok) fail('the contracts package does not compile (see above)');
  console.log('built packages/contracts/dist/');
  if (!runBin('tsc', ['-p', 'packages/client/tsconfig.build.json']).ok) fail('the client does not compile (see above)');
  console.log('built packages/client/dist/');
  buildDocs();
  buildMock();
}

if (import.meta.url === `file://${process.argv[1]}`) await build();
