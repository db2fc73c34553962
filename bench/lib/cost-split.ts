// Where the mock's own CPU time per request goes, one endpoint at a time: four servers answer the
// same request, alternating rounds, each one's CPU time per request read from /proc
// (cpu-per-request.ts): `platform-mock` (its HTTP door, handler, engine, journal), `handle`
// (createMock()'s handler behind a minimal node:http door), `floor` (the operation's own compiled
// validators on the request, the mock's answer checked and written, a journal entry, nothing
// between; cost-split-server.ts) and bare node:http. mock - handle is the door's share, handle - floor
// the engine's glue, floor - bare what the checks themselves cost.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { type CpuEndpoint, cpuPerRequestOf } from './cpu-per-request.ts';

const SERVER = path.join(ROOT, 'bench/lib/cost-split-server.ts');

async function startServer(kind: 'handle' | 'floor', area: string, endpoint: CpuEndpoint, answer: string): Promise<{ child: ChildProcess; url: string }> {
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
  const [handle, floor] = [await startServer('handle', area, endpoint, answer), await startServer('floor', area, endpoint, answer)];
  const figures = await cpuPerRequestOf(
    [
      { name: 'platform-mock', ...mock },
      { name: 'handle', ...handle },
      { name: 'floor', ...floor },
      { name: 'bare', ...bare },
    ],
    endpoint,
  );
  handle.child.kill();
  floor.child.kill();
  if (!figures) return;
  const [ours, handled, floored, bared] = figures;
  const us = (value: number) => `${value.toFixed(1)} µs`;
  console.log(
    `  ${endpoint.name}: platform-mock ${us(ours!)}, handle ${us(handled!)}, floor ${us(floored!)}, bare ${us(bared!)}: the door ${us(ours! - handled!)}, the engine's glue ${us(handled! - floored!)}, the checks, answer and entry ${us(floored! - bared!)}`,
  );
}
