// The client's cost: per-call time of `@platform-contracts/client` against raw fetch on the same local
// server in this process, and the minified+gzipped size of what each area's client loads up front
// and on demand (bench/lib/client-size.ts), and of every area at once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVideoClient } from '@platform-contracts/client/video';
import { overheadOf, pairedSlices } from './lib/client-overhead.ts';
import { firstCallBytes, limitOf, measure, measureAreaClients, measureSplit, ONE_AREA_CLIENT_LIMIT, OWN_LIMITS } from './lib/client-size.ts';

/** Rounds of one slice a side (raw fetch, the client, the client with `timeoutMs`), and calls in a slice (bench/lib/client-overhead.ts). */
const PAIRS = 300;
const SLICE = 40;
const WARM_UP = 1_000;
// The targets: one area's client at most 5 kB min+gzip up front (bench/lib/client-size.ts), at most 5 % over raw fetch.
const OVERHEAD_TARGET = 0.05;

const body = JSON.stringify({
  totalItems: 1,
  currentPage: 1,
  itemsPerPage: 100,
  items: [{ videoLibraryId: 1, guid: 'g', name: 'n', videoCount: 0, totalSize: 0, previewVideoIds: null, previewImageUrls: null }],
});
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

for (let i = 0; i < WARM_UP; i++) await Promise.all([viaClient(), viaFetch(), viaClientWithTimeout()]); // warm up the JIT and the connection pool
const run = await pairedSlices(viaFetch, { client: viaClient, timeout: viaClientWithTimeout }, PAIRS, SLICE);
server.close();

const areas = await measureAreaClients();
const everyArea = await measure(`export * from '@platform-contracts/client';`);
const rows: Record<
  string,
  { 'up front (min+gzip bytes)': number; 'by the first call': number | string; limit: number | string; 'on demand (min+gzip bytes each)': string }
> = {};
const missed: string[] = [];
for (const [area, { clients, subpath }] of areas) {
  for (const [factory, measured] of clients) {
    // The database's SQL pipeline client sends no call through the direct path: its first call loads nothing more.
    const byFirstCall = factory in OWN_LIMITS ? undefined : firstCallBytes(measured);
    if (byFirstCall !== undefined && byFirstCall > limitOf(factory)) missed.push(`${factory} by its first call (${byFirstCall} bytes)`);
    rows[`${area}: ${factory}`] = {
      'up front (min+gzip bytes)': measured.gzipped,
      'by the first call': byFirstCall ?? '',
      limit: limitOf(factory),
      'on demand (min+gzip bytes each)': measured.lazy.map((chunk) => `${chunk.target.replace(/^packages\/client\/dist\//, '')} ${chunk.gzipped}`).join(', '),
    };
    if (measured.gzipped > limitOf(factory)) missed.push(`${factory} (${measured.gzipped} bytes)`);
  }
  rows[`${area}: whole subpath`] = { 'up front (min+gzip bytes)': subpath.gzipped, 'by the first call': '', limit: '', 'on demand (min+gzip bytes each)': '' };
}
rows['every area (export * from "@platform-contracts/client")'] = {
  'up front (min+gzip bytes)': everyArea.gzipped,
  'by the first call': '',
  limit: '',
  'on demand (min+gzip bytes each)': '',
};

const cpu = overheadOf(run, 'client', 'cpu');
const wall = overheadOf(run, 'client', 'wall');
const timeout = overheadOf(run, 'timeout', 'cpu');
const overhead = cpu.overhead;
const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;
console.log(
  `client: ${PAIRS} rounds of ${SLICE} GETs a side (raw fetch, the client, the client with timeoutMs), alternating, on a local node:http server in this process; medians of µs per call, and of the rounds' own ratios`,
);
console.table({
  'raw fetch': { 'CPU µs per call': Number(cpu.baseline.toFixed(1)), 'wall µs per call': Number(wall.baseline.toFixed(1)), 'over raw fetch (CPU)': '' },
  '@platform-contracts/client': {
    'CPU µs per call': Number(cpu.side.toFixed(1)),
    'wall µs per call': Number(wall.side.toFixed(1)),
    'over raw fetch (CPU)': percent(cpu.overhead),
  },
  '@platform-contracts/client, timeoutMs set': {
    'CPU µs per call': Number(timeout.side.toFixed(1)),
    'wall µs per call': '',
    'over raw fetch (CPU)': percent(timeout.overhead),
  },
});
console.log(
  `per-call overhead of the client: ${percent(overhead)} of CPU time (${cpu.spread}); of wall time ${percent(wall.overhead)} (${wall.spread}) (target: within ${OVERHEAD_TARGET * 100} %)`,
);
console.table(rows);
console.log(missed.length > 0 ? `over their limit: ${missed.join(', ')}` : "every area's client within its limit up front");
// The same import as an application's bundler splits it (esbuild --splitting): code the entry shares
// with an on-demand chunk comes in a chunk of its own, loaded up front too.
const split = await measureSplit(`export { createVideoClient } from '@platform-contracts/client/video';`);
const splitMet = split.gzipped <= ONE_AREA_CLIENT_LIMIT;
console.log(
  `createVideoClient split into chunks (esbuild --splitting): ${split.gzipped} bytes min+gzip up front in ${split.chunks} chunks (goal: at most ${ONE_AREA_CLIENT_LIMIT}: ${splitMet ? 'met' : 'missed'})`,
);
if (!splitMet) missed.push(`createVideoClient split (${split.gzipped} bytes)`);
if (missed.length > 0 || overhead > OVERHEAD_TARGET) {
  console.error('client: a figure misses its target');
  process.exitCode = 1;
}
