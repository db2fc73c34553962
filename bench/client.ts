// The client's cost: per-call time of `@platform-contracts/client` against raw fetch on the same local
// server in this process, and the minified+gzipped size of its runtime for one area and for all.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { createVideoClient } from '@platform-contracts/client/video';

const CALLS = 10_000;
// The targets of issue 17: one area's whole subpath at most 5 kB min+gzip, at most 5 % over raw fetch.
const ONE_AREA_LIMIT = 5 * 1024;
const OVERHEAD_TARGET = 0.05;

const body = JSON.stringify({ totalItems: 1, currentPage: 1, itemsPerPage: 100, items: [{ videoLibraryId: 1, guid: 'g', name: 'n', videoCount: 0, totalSize: 0, previewVideoIds: null, previewImageUrls: null }] });
const otherAreas = ['shield', 'storage', 'containers', 'dns'] as const;
const server = createServer((request, response) => {
  // Both sides must send what the API needs, or the figures compare different work.
  if (request.headers.accesskey !== 'bench-key') return void response.writeHead(401).end();
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const video = createVideoClient({ accessKey: 'bench-key', baseUrl });
const videoWithTimeout = createVideoClient({ accessKey: 'bench-key', baseUrl, timeoutMs: 30_000 });
const listWith = (client: typeof video) => async () => {
  const { data } = await client.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 }, query: { page: 1 } } });
  if (!data) throw new Error('no data');
};
const viaClient = listWith(video);
// For information: any AbortSignal given to fetch costs undici some 20 µs a call.
const viaClientWithTimeout = listWith(videoWithTimeout);
const viaFetch = async () => {
  const response = await fetch(`${baseUrl}/library/1/collections?page=1`, { headers: { AccessKey: 'bench-key' } });
  if (!response.ok || !(await response.json())) throw new Error('no data');
};

/** Microseconds one call takes. */
async function timed(call: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await call();
  return (performance.now() - started) * 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (let i = 0; i < 500; i++) await Promise.all([viaClient(), viaFetch()]); // warm up the JIT and the connection pool
// Calls alternate one by one (and which goes first), so that the machine's changing load hits both alike.
const fetchTimes: number[] = [];
const clientTimes: number[] = [];
const timeoutTimes: number[] = [];
for (let i = 0; i < CALLS; i++) {
  if (i % 2 === 0) fetchTimes.push(await timed(viaFetch)), clientTimes.push(await timed(viaClient));
  else clientTimes.push(await timed(viaClient)), fetchTimes.push(await timed(viaFetch));
  if (i % 4 === 0) timeoutTimes.push(await timed(viaClientWithTimeout));
}
server.close();

async function gzippedSize(source: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

const sizes: Record<string, number> = {
  'one area, whole subpath (export * from "@platform-contracts/client/video")': await gzippedSize(`export * from '@platform-contracts/client/video';`),
  ...Object.fromEntries(await Promise.all(otherAreas.map(async (area): Promise<[string, number]> => [`one area, whole subpath ("@platform-contracts/client/${area}")`, await gzippedSize(`export * from '@platform-contracts/client/${area}';`)]))),
  'one area, its client only (createVideoClient)': await gzippedSize(`export { createVideoClient } from '@platform-contracts/client/video';`),
  'all areas (export * from "@platform-contracts/client")': await gzippedSize(`export * from '@platform-contracts/client';`),
};

const fetchMedian = median(fetchTimes);
const clientMedian = median(clientTimes);
const overhead = clientMedian / fetchMedian - 1;
console.log(`client: median time of ${CALLS} GETs each way, alternating, on a local node:http server in this process`);
console.table({
  'raw fetch': { 'µs per call': Number(fetchMedian.toFixed(1)) },
  '@platform-contracts/client': { 'µs per call': Number(clientMedian.toFixed(1)) },
  '@platform-contracts/client, timeoutMs set': { 'µs per call': Number(median(timeoutTimes).toFixed(1)) },
});
console.log(`per-call overhead of the client: ${(overhead * 100).toFixed(1)} % (target: within ${OVERHEAD_TARGET * 100} %)`);
console.table(Object.fromEntries(Object.entries(sizes).map(([name, bytes]) => [name, { 'min+gzip bytes': bytes, kB: Number((bytes / 1024).toFixed(2)) }])));
const oneArea = Math.max(...Object.entries(sizes).filter(([name]) => name.includes('whole subpath')).map(([, bytes]) => bytes));
console.log(`largest area subpath: ${(oneArea / 1024).toFixed(2)} kB min+gzip (target: at most ${ONE_AREA_LIMIT / 1024} kB)`);
if (oneArea > ONE_AREA_LIMIT || overhead > OVERHEAD_TARGET) {
  console.error('client: a figure misses its target');
  process.exitCode = 1;
}
