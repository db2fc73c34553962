// Builds @platform-contracts/mock: the compiled JS in packages/mock/dist. In the repository the built
// mock serves the site from dist/docs itself; the packed package gets a real copy in
// packages/mock/docs from its `prepack` (scripts/mock-site.ts), never a copy that could go stale here.
// The bundled contracts come from @platform-contracts/contracts. The validators their schemas
// need are written ahead of time as ajv's standalone code (packages/mock/src/precompile.ts), so
// that a mock's first answers do not wait for ajv to compile them.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/paths.ts';
import { fail, runBin } from './lib/run.ts';

const PACKAGE_DIR = path.join(ROOT, 'packages/mock');

export async function buildMock() {
  rmSync(path.join(PACKAGE_DIR, 'dist'), { recursive: true, force: true });
  if (!runBin('tsc', ['-p', 'packages/mock/tsconfig.build.json']).ok) fail('the mock does not compile (see above)');
  const { precompileValidators } = (await import(pathToFileURL(path.join(PACKAGE_DIR, 'dist/precompile.js')).href)) as typeof import('../packages/mock/src/precompile.ts');
  const validators = await precompileValidators();
  // Left by earlier builds: the bundles the mock once carried, and the link to the site.
  rmSync(path.join(PACKAGE_DIR, 'contracts'), { recursive: true, force: true });
  rmSync(path.join(PACKAGE_DIR, 'docs'), { recursive: true, force: true });
  console.log(`built packages/mock/dist/ (serving the site in dist/docs/; ${validators} validators precompiled)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildMock();
