// The main job: build everything, then serve the mock for every area and the reference site.
import { build } from './build.ts';
import { fail } from './lib/run.ts';

await build();
// Imported once built: @platform/mock resolves to packages/mock/dist.
const { MockStartError, startMock } = await import('@platform/mock');
try {
  const mock = await startMock({ port: Number(process.env.PORT ?? 4010) });
  console.log(`\nMock server:    ${mock.url}  (${mock.operations.length} operations, every area)`);
  console.log(`Reference site: ${mock.url}/docs/`);
  console.log('Press Ctrl+C to stop.');
  const stop = () => mock.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  fail(error instanceof MockStartError ? error.message : String(error));
}
