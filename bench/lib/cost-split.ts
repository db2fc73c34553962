// Where the mock's own CPU time per request goes, one endpoint at a time: five servers answer the
// same request, alternating rounds, each one's CPU time per request read from /proc
// (cpu-per-request.ts): `platform-mock` (its HTTP door, handler, engine, journal), `handle`
// (createMock()'s handler behind a minimal node:http door), `floor` (the operation's own compiled
// validators on the request, the mock's answer checked and written, a journal entry, nothing
// between; cost-split-server.ts), `json` (the body parsed and the answer written by JSON.stringify,
// nothing checked: what any server that reads and writes JSON pays) and bare node:http. mock -
// handle is the door's share, handle - floor the engine's glue, floor - json what the checks and
// the entry cost, json - bare what reading and writing JSON costs.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { type CpuEndpoint, cpuPerRequestOf, measureCpuPerRequest } from './cpu-per-request.ts';
import type { Goal } from './goals.ts';

const SERVER = path.join(ROOT, 'bench/lib/cost-split-server.ts');

async function startServer(
  kind: 'handle' | 'floor' | 'json',
  area: string,
  endpoint: CpuEndpoint,
  answer: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(SERVER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, KIND: kind, AREA: area, METHOD: endpoint.method, ANSWER: answer },
  });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', resolve as never));
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function measureCostSplit(
  mock: { child: ChildProcess; url: string },
  bare: { child: ChildProcess; url: string },
  area: string,
  endpoint: CpuEndpoint,
  answer: string,
): Promise<void> {
  const [handle, floor, json] = [
    await startServer('handle', area, endpoint, answer),
    await startServer('floor', area, endpoint, answer),
    await startServer('json', area, endpoint, answer),
  ];
  const figures = await cpuPerRequestOf(
    [
      { name: 'platform-mock', ...mock },
      { name: 'handle', ...handle },
      { name: 'floor', ...floor },
      { name: 'json', ...json },
      { name: 'bare', ...bare },
    ],
    endpoint,
  );
  handle.child.kill();
  floor.child.kill();
  json.child.kill();
  if (!figures) return;
  const [ours, handled, floored, jsoned, bared] = figures;
  const us = (value: number) => `${value.toFixed(1)} µs`;
  console.log(
    `  ${endpoint.name}: platform-mock ${us(ours!)}, handle ${us(handled!)}, floor ${us(floored!)}, json ${us(jsoned!)}, bare ${us(bared!)}: the door ${us(ours! - handled!)}, the engine's glue ${us(handled! - floored!)}, the checks and entry ${us(floored! - jsoned!)}, reading and writing JSON ${us(jsoned! - bared!)}`,
  );
}

type Server = { child: ChildProcess; url: string };

/** The `cpu` part (CPU per request, mock against bare, with its goals) and the `split` part, for each endpoint the throughput part served. */
export async function measureServerCpu(
  ours: Server,
  bares: { endpoint: CpuEndpoint & { area: string }; bare: Server; answer: string }[],
  goals: Goal[],
  { cpu, split, targets }: { cpu: boolean; split: boolean; targets: Record<'GET' | 'POST', number> },
): Promise<void> {
  if (cpu) {
    console.log("\nThe server's CPU time per request (all its threads, from /proc), platform-mock and bare node:http alternating");
    for (const { endpoint, bare } of bares) {
      const figures = await measureCpuPerRequest(ours, bare, endpoint);
      if (figures)
        goals.push({
          figure: `${endpoint.name}, the server's CPU per request: bare / mock`,
          value: `${(figures.shareOfBare * 100).toFixed(0)} % (${figures.mockMicros.toFixed(1)} µs, bare ${figures.bareMicros.toFixed(1)} µs)`,
          goal: `≥ ${targets[endpoint.method] * 100} %`,
          met: figures.shareOfBare >= targets[endpoint.method],
        });
    }
  }
  if (split) {
    console.log(
      "\nWhere the mock's own CPU per request goes (bench/lib/cost-split.ts): platform-mock, its handler behind a minimal door (handle), the checks with nothing between (floor), JSON read and written with nothing checked (json), bare node:http",
    );
    for (const { endpoint, bare, answer } of bares) await measureCostSplit(ours, bare, endpoint.area, endpoint, answer);
  }
}
