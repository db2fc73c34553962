// Runs the docs' TypeScript blocks (test/support/doc-blocks.ts) in one process, against the mock
// of the project this file is copied into (the packed @platform-contracts/mock, started here),
// one after another, each with its own access key. The environment the blocks read points at
// that mock: PLATFORM_API_BASE_URL, PLATFORM_VIDEO_BASE_URL, BASE_URL, STAGING_URL (the platform
// the validation proxy forwards to), PLATFORM_DATABASE_URL and
// PLATFORM_DATABASE_AUTH_TOKEN (the mock's start-up token), and the docs' mock address
// (127.0.0.1:4010) is replaced by this mock's in a copy of each block (`<file>.run.ts`). Prints "@@block <file>", the block's
// output, then "@@ok" or "@@failed <message>"; the first line is "@@mock <url>".
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startMock } from '@platform-contracts/mock';

/** A block that hangs fails, and the rest still run. */
const LIMIT_MS = 20_000;
const mock = await startMock({ port: 0 });
const host = new URL(mock.url).host;
Object.assign(process.env, {
  BASE_URL: mock.url,
  STAGING_URL: mock.url,
  PLATFORM_API_BASE_URL: mock.url,
  PLATFORM_VIDEO_BASE_URL: mock.url,
  PLATFORM_DATABASE_URL: `libsql://${host}?tls=0`,
  PLATFORM_DATABASE_AUTH_TOKEN: mock.areas.database.fullAccessToken,
});
process.stdout.write(`@@mock ${mock.url}\n`);
for (const [index, file] of process.argv.slice(2).entries()) {
  process.env.PLATFORM_ACCESS_KEY = `doc-block-${index}`;
  process.stdout.write(`\n@@block ${file}\n`);
  try {
    const copy = file.replace(/\.ts$/, '.run.ts');
    writeFileSync(copy, readFileSync(file, 'utf8').replaceAll('127.0.0.1:4010', host));
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`did not finish within ${LIMIT_MS / 1000} s`)), LIMIT_MS)));
    await Promise.race([import(pathToFileURL(copy).href), limit]).finally(() => clearTimeout(timer));
    process.stdout.write('\n@@ok\n');
  } catch (error) {
    process.stdout.write(`\n@@failed ${String((error as Error)?.message ?? error).replace(/\s+/g, ' ')}\n`);
  }
}
await mock.close();
process.exit(0); // a block that hung may hold the event loop open
