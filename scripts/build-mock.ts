// Builds @platform/mock as a package other projects can install: the compiled JS in
// packages/mock/dist, with the reference site copied beside it (packages/mock/docs), where the
// built mock looks by default. The bundled contracts come from @platform/contracts.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DOCS_DIR, ROOT } from './lib/paths.ts';
import { fail, runBin } from './lib/run.ts';

const PACKAGE_DIR = path.join(ROOT, 'packages/mock');

export function buildMock() {
  rmSync(path.join(PACKAGE_DIR, 'dist'), { recursive: true, force: true });
  if (!runBin('tsc', ['-p', 'packages/mock/tsconfig.build.json']).ok) fail('the mock does not compile (see above)');
  // Copies from earlier builds, when the mock still carried the bundles itself.
  rmSync(path.join(PACKAGE_DIR, 'contracts'), { recursive: true, force: true });
  const docs = path.join(PACKAGE_DIR, 'docs');
  rmSync(docs, { recursive: true, force: true });
  cpSync(DOCS_DIR, docs, { recursive: true });
  console.log('built packages/mock/dist/ (reference site copied into the package)');
}

if (import.meta.url === `file://${process.argv[1]}`) buildMock();
