// Builds @platform/mock as a package other projects can install: the compiled JS in
// packages/mock/dist, with the bundled contracts and the reference site copied beside it
// (packages/mock/contracts, packages/mock/docs), where the built mock looks by default.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE_DIR, DOCS_DIR, ROOT } from './lib/paths.ts';
import { fail, runBin } from './lib/run.ts';

const PACKAGE_DIR = path.join(ROOT, 'packages/mock');

export function buildMock() {
  rmSync(path.join(PACKAGE_DIR, 'dist'), { recursive: true, force: true });
  if (!runBin('tsc', ['-p', 'packages/mock/tsconfig.build.json']).ok) fail('the mock does not compile (see above)');
  const contracts = path.join(PACKAGE_DIR, 'contracts');
  rmSync(contracts, { recursive: true, force: true });
  for (const file of readdirSync(BUNDLE_DIR).filter((name) => name.endsWith('.json'))) {
    cpSync(path.join(BUNDLE_DIR, file), path.join(contracts, file));
  }
  const docs = path.join(PACKAGE_DIR, 'docs');
  rmSync(docs, { recursive: true, force: true });
  cpSync(DOCS_DIR, docs, { recursive: true });
  console.log('built packages/mock/dist/ (contracts and reference site copied into the package)');
}

if (import.meta.url === `file://${process.argv[1]}`) buildMock();
