// `pnpm image`: the mock as a container image, FROM scratch with buildah (scripts/lib/build/image.ts).
import { parseScriptArgs } from './lib/args.ts';
import { buildImage, IMAGE_PORT, imageName } from './lib/build/image.ts';
import { fail } from './lib/run.ts';

const SPEC = {
  usage: 'pnpm image [--force]',
  description: `Builds the mock's container image, ${imageName()} (tagged with the mock package's version),
FROM scratch with buildah: this machine's Node binary, the libraries ldd lists for it, and the mock
package with its production dependencies (pnpm deploy --prod, from pnpm's store). No base image is
pulled. Builds what changed first (as pnpm start does); an image built from the same inputs is reused.
Needs buildah and podman as root (pnpm setup:tools installs them).

Then: podman run --rm -p 127.0.0.1:${IMAGE_PORT}:${IMAGE_PORT} ${imageName()}`,
  options: {
    force: { type: 'boolean', description: 'build even when an image of the same inputs exists' },
  },
} as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseScriptArgs(SPEC);
  if (process.getuid?.() !== 0) fail('pnpm image runs buildah as root (rootful podman storage); run it as root');
  const { buildStale } = await import('./build.ts');
  await buildStale();
  const started = performance.now();
  try {
    const image = buildImage({ force: values.force, say: (line) => console.log(line) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${image.reused ? 'up to date' : 'built'}: ${image.name} (${(image.size / 1e6).toFixed(1)} MB uncompressed, inputs ${image.inputs.slice(0, 12)}) in ${seconds} s`,
    );
  } catch (error) {
    fail((error as Error).message);
  }
}
