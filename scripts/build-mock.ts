// Builds @platform-contracts/mock: the compiled JS in packages/mock/dist. The built mock serves the site
// from packages/mock/docs, which in the repository is a link to the current dist/docs (never a
// copy that could go stale); `pnpm pack:all` puts a real copy into the packed package only.
// The bundled contracts come from @platform-contracts/contracts.
import { lstatSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { DOCS_DIR, ROOT } from './lib/paths.ts';
import { fail, runBin } from './lib/run.ts';

const PACKAGE_DIR = path.join(ROOT, 'packages/mock');

/** packages/mock/docs -> dist/docs, replacing a copy left by an earlier build. */
export function linkSite() {
  const docs = path.join(PACKAGE_DIR, 'docs');
  const isLink = (() => {
    try {
      return lstatSync(docs).isSymbolicLink();
    } catch {
      return false;
    }
  })();
  if (isLink) return;
  rmSync(docs, { recursive: true, force: true });
  symlinkSync(path.relative(PACKAGE_DIR, DOCS_DIR), docs, 'dir');
}

export function buildMock() {
  rmSync(path.join(PACKAGE_DIR, 'dist'), { recursive: true, force: true });
  if (!runBin('tsc', ['-p', 'packages/mock/tsconfig.build.json']).ok) fail('the mock does not compile (see above)');
  // Copies from earlier builds, when the mock still carried the bundles itself.
  rmSync(path.join(PACKAGE_DIR, 'contracts'), { recursive: true, force: true });
  linkSite();
  console.log('built packages/mock/dist/ (serving the site in dist/docs/)');
}

if (import.meta.url === `file://${process.argv[1]}`) buildMock();
