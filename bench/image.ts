// The mock's container image (`pnpm image`, rootful Podman): its size compressed as a registry
// stores it (gzip of `podman save`, goal 60 MB), the time from `podman run` to the first answer
// (goal 1 s; baseline: the same image running a bare node:http server, so the runtime's own share
// shows), and `podman stop` (SIGTERM) with a request in flight: answered, coverage written, exit 0,
// stopped once the request is done (goal: within 1 s after it).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { buildImage } from '../scripts/lib/build/image.ts';
import { printGoals } from './lib/goals.ts';
import { median } from './lib/stats.ts';

const RUNS = 5;
const podman = (...args: string[]) => spawnSync('podman', args, { encoding: 'utf8' });

async function compressedBytes(name: string): Promise<number> {
  const save = spawn('podman', ['save', name], { stdio: ['ignore', 'pipe', 'inherit'] });
  let bytes = 0;
  const gzip = createGzip({ level: 6 });
  gzip.on('data', (chunk: Buffer) => (bytes += chunk.length));
  save.stdout.pipe(gzip);
  await new Promise((resolve) => gzip.on('end', resolve));
  return bytes;
}

/** Milliseconds from `podman run -d` to the first 200 from `path` on the published port; stops and removes the container. */
async function firstAnswerMs(args: string[], port: number, route: string): Promise<number> {
  const started = performance.now();
  const run = podman('run', '-d', '--read-only', '-p', `127.0.0.1:${port}:4010`, ...args);
  if (run.status !== 0) throw new Error(run.stderr);
  const id = run.stdout.trim();
  try {
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${port}${route}`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (answered) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    podman('rm', '-f', '-t', '0', id);
  }
}

async function stopWithRequestInFlight(name: string, port: number) {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-image-'));
  chmodSync(out, 0o777);
  const id = podman('run', '-d', '-p', `127.0.0.1:${port}:4010`, '-v', `${out}:/out`, name, '--quiet', '--coverage', '/out/coverage.json').stdout.trim();
  const url = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${url}/_mock/health`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await new Promise((resolve) => setTimeout(resolve, 10));
  const latencyMs = 1500;
  await fetch(`${url}/_mock/faults?namespace=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operationId: 'listStorageZones', latencyMs }),
  });
  const sent = performance.now();
  const inFlight = fetch(`${url}/storagezone`, { headers: { AccessKey: 'bench' } }).then((r) => ({ status: r.status, at: performance.now() }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const stopping = performance.now();
  podman('stop', '-t', '10', id);
  const stopped = performance.now();
  const answer = await inFlight.catch(() => ({ status: 0, at: Number.NaN }));
  const exitCode = Number(podman('inspect', '--format', '{{.State.ExitCode}}', id).stdout.trim());
  podman('rm', id);
  const coverage = path.join(out, 'coverage.json');
  const written = existsSync(coverage) && (JSON.parse(readFileSync(coverage, 'utf8')) as { operations: { operationId: string; calls: number }[] }).operations;
  return {
    status: answer.status,
    exitCode,
    coverageCalls: written ? written.find((op) => op.operationId === 'listStorageZones')!.calls : -1,
    stopMs: stopped - stopping,
    afterAnswerMs: stopped - Math.max(answer.at, sent + latencyMs),
  };
}

const image = buildImage({ say: (line) => console.log(line) });
console.log(`${image.reused ? 'reused' : 'built'} ${image.name}`);
const compressed = await compressedBytes(image.name);
const mockStarts: number[] = [];
const bareStarts: number[] = [];
const bare = ['--entrypoint', '/usr/local/bin/node', image.name, '-e', "require('http').createServer((q, s) => s.end('ok')).listen(4010, '0.0.0.0')"];
for (let run = 0; run < RUNS; run++) {
  bareStarts.push(await firstAnswerMs(bare, 4390, '/'));
  mockStarts.push(await firstAnswerMs([image.name, '--quiet'], 4391, '/_mock/health'));
}
const stop = await stopWithRequestInFlight(image.name, 4392);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(`image: ${mb(image.size)} uncompressed, ${mb(compressed)} gzip-compressed`);
console.log(
  `run -> first answer, median of ${RUNS}: mock ${median(mockStarts).toFixed(0)} ms, bare node:http in the same image ${median(bareStarts).toFixed(0)} ms (${(median(mockStarts) / median(bareStarts)).toFixed(2)}x)`,
);
console.log(
  `stop with a request in flight: answered ${stop.status}, exit ${stop.exitCode}, coverage counted ${stop.coverageCalls} call, podman stop took ${stop.stopMs.toFixed(0)} ms, ${stop.afterAnswerMs.toFixed(0)} ms after the answer was due`,
);
printGoals('the container image', [
  { figure: 'size, gzip-compressed', value: mb(compressed), goal: '<= 60 MB', met: compressed <= 60e6 },
  { figure: 'run to first answer (median)', value: `${median(mockStarts).toFixed(0)} ms`, goal: '<= 1000 ms', met: median(mockStarts) <= 1000 },
  { figure: 'SIGTERM: request in flight answered', value: String(stop.status), goal: '200', met: stop.status === 200 },
  { figure: 'SIGTERM: exit code', value: String(stop.exitCode), goal: '0', met: stop.exitCode === 0 },
  { figure: 'SIGTERM: coverage written with the request', value: String(stop.coverageCalls), goal: '1', met: stop.coverageCalls === 1 },
  { figure: 'SIGTERM: stopped after the answer', value: `${stop.afterAnswerMs.toFixed(0)} ms`, goal: '<= 1000 ms', met: stop.afterAnswerMs <= 1000 },
]);
