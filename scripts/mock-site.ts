// The mock package's `prepack` and `postpack` (`pnpm pack`, `pnpm publish` in packages/mock):
// `copy` puts a real copy of the built reference site (dist/docs) into packages/mock/docs, which
// the package's `files` ships and an installed mock serves at /docs/; `remove` deletes it again
// after packing. In the repository the mock serves dist/docs itself, so no copy can go stale.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseScriptArgs } from './lib/args.ts';
import { DOCS_DIR, ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const PACKED_SITE = path.join(ROOT, 'packages/mock/docs');

/** Replaces packages/mock/docs with a copy of dist/docs; fails when the site is not built. */
function copySite(from = DOCS_DIR, to = PACKED_SITE) {
  if (!existsSync(path.join(from, 'index.html')))
    throw new Error(`${path.relative(ROOT, from)}/index.html is missing: run \`pnpm build\` before packing the mock`);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, dereference: true });
}

const removeSite = (to = PACKED_SITE) => rmSync(to, { recursive: true, force: true });

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'tsx scripts/mock-site.ts copy|remove',
    description: `The mock package's prepack and postpack: \`copy\` copies the built site (dist/docs) into
packages/mock/docs for the tarball, \`remove\` deletes that copy.`,
    positionals: { action: 'copy or remove' },
  };
  const { positionals } = parseScriptArgs(spec);
  const [action] = positionals;
  if (action === 'copy') {
    try {
      copySite();
    } catch (error) {
      fail((error as Error).message);
    }
  } else if (action === 'remove') removeSite();
  else {
    console.error(`error: expected copy or remove, got ${action ?? 'nothing'} (see --help)`);
    process.exit(2);
  }
}
