// Where the engine's worker thread script is: beside the built module, or bundled once from the
// TypeScript sources (the repository's tests) with esbuild.
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The worker's script. Built, it sits beside this module; from the TypeScript sources (the
 * repository's tests), it is bundled once per process with esbuild into a cache folder of the
 * package, where @sqlite.org/sqlite-wasm still resolves.
 */
let script: Promise<string> | undefined;
export function workerScript(): Promise<string> {
  script ??= (async () => {
    if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./worker.js', import.meta.url));
    const { build } = await import('esbuild');
    const outfile = fileURLToPath(new URL(`../../../../node_modules/.cache/platform-mock/engine-worker-${process.pid}.mjs`, import.meta.url));
    if (!existsSync(outfile)) {
      await build({
        entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external: ['@sqlite.org/sqlite-wasm'],
        outfile,
        logLevel: 'silent',
      });
      process.once('exit', () => rmSync(outfile, { force: true }));
    }
    return outfile;
  })();
  return script;
}
