// Builds @platform-contracts/mock: the compiled JS in packages/mock/dist. In the repository the built
// mock serves the site from dist/docs itself; the packed package gets a real copy in
// packages/mock/docs from its `prepack` (scripts/mock-site.ts), never a copy that could go stale here.
// The bundled contracts come from @platform-contracts/contracts.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';
import { fail, runBin } from './lib/run.ts';

const PACKAGE_DIR = path.join(ROOT, 'packages/mock');

export function buildMock() {
  rmSync(path.join(PACKAGE_DIR, 'dist'), { recursive: true, force: true });
  if (!runBin('tsc', ['-p', 'packages/mock/tsconfig.build.json']).ok) fail('the mock does not compile (see above)');
  // Left by earlier builds: the bundles the mock once carried, and the link to the site.
  rmSync(path.join(PACKAGE_DIR, 'contracts'), { recursive: true, force: true });
  rmSync(path.join(PACKAGE_DIR, 'docs'), { recursive: true, force: true });
  console.log('built packages/mock/dist/ (serving the site in dist/docs/)');
}

if (import.meta.url === `file://${process.argv[1]}`) buildMock();
