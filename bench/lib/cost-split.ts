// Where the mock's own CPU time per request goes, one endpoint at a time: six servers answer the
// same request, alternating rounds, each one's CPU time per request read from /proc
// (cpu-per-request.ts): `platform-mock` (its HTTP door, handler, engine, journal), a second
// `platform-mock` process of the same build, `handle` (createMock()'s handler behind a minimal
// node:http door), `floor` (the operation's own compiled validators on the request, the mock's
// answer checked and written, a journal entry, nothing between; cost-split-server.ts), `json` (the
// body parsed and the answer written by JSON.stringify, nothing checked: what any server that reads
// and writes JSON pays) and bare node:http. mock - handle is the door's share, handle - floor the
// engine's glue, floor - json what the checks and the entry cost, json - bare what reading and
// writing JSON costs. Each part is the median of the rounds' own differences (the servers of a round
// ran back to back, so a busy moment of the machine weighs on both sides of a difference), with the
// rounds' quartiles. The two platform-mock processes give the floor under which a part says
// nothing: processes of one build, started alike, differed by 2 to 7 µs a POST (medians of 9
// rounds, load average 3-5), and the bench's own process read 2 to 10 µs above a second one
// started for the split. The door (platform-mock less handle) read -9 to +9 µs a POST across runs
// (+0.2 and +1.2 at load averages 0.9 and 1.7), within that floor: the 16.8 µs of one earlier run
// was the servers' medians taken apart.
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { type CpuEndpoint, cpuPerRequestRounds, measureCpuPerRequest, waitUntilIdle } from './cpu-per-request.ts';
import type { Goal } from './goals.ts';
import { startOurs, stop } from './processes.ts';
import { median, percentile } from './stats.ts';

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

/** The servers of the split, in the order of their figures in a round. */
export const SPLIT_SERVERS = ['platform-mock', 'platform-mock again', 'handle', 'floor', 'json', 'bare'] as const;
type SplitServer = (typeof SPLIT_SERVERS)[number];

/** The parts: each the first server's CPU per request less the second's. */
export const SPLIT_PARTS: { part: string; of: SplitServer; less: SplitServer }[] = [
  { part: 'two platform-mock processes', of: 'platform-mock', less: 'platform-mock again' },
  { part: 'the door', of: 'platform-mock', less: 'handle' },
  { part: "the engine's glue", of: 'handle', less: 'floor' },
  { part: 'the checks and entry', of: 'floor', less: 'json' },
  { part: 'reading and writing JSON', of: 'json', less: 'bare' },
];

export interface SplitPart {
  part: string;
  /** µs per request: the median of the rounds' own differences, and their quartiles. */
  median: number;
  low: number;
  high: number;
}

/** Each part from rounds of figures (`rounds[round][server]`, servers in SPLIT_SERVERS' order). */
export function splitParts(rounds: number[][]): SplitPart[] {
  const at = (server: SplitServer) => SPLIT_SERVERS.indexOf(server);
  return SPLIT_PARTS.map(({ part, of, less }) => {
    const differences = rounds.map((figures) => figures[at(of)]! - figures[at(less)]!);
    return { part, median: median(differences), low: percentile(differences, 0.25), high: percentile(differences, 0.75) };
  });
}

export async function measureCostSplit(
  mock: { child: ChildProcess; url: string },
  bare: { child: ChildProcess; url: string },
  area: string,
  endpoint: CpuEndpoint,
  answer: string,
): Promise<void> {
  const again = await startOurs();
  await waitUntilIdle(again.child.pid!);
  const [handle, floor, json] = [
    await startServer('handle', area, endpoint, answer),
    await startServer('floor', area, endpoint, answer),
    await startServer('json', area, endpoint, answer),
  ];
  const servers = [mock, again, handle, floor, json, bare];
  const rounds = await cpuPerRequestRounds(
    servers.map((server, i) => ({ name: SPLIT_SERVERS[i]!, ...server })),
    endpoint,
  );
  for (const server of [handle, floor, json]) server.child.kill();
  await stop(again.child);
  if (!rounds) return;
  const us = (value: number) => `${value.toFixed(1)} µs`;
  const medians = SPLIT_SERVERS.map((name, i) => `${name} ${us(median(rounds.map((figures) => figures[i]!)))}`).join(', ');
  const parts = splitParts(rounds).map(({ part, median: value, low, high }) => `${part} ${us(value)} (${low.toFixed(1)} to ${high.toFixed(1)})`);
  console.log(`  ${endpoint.name}: ${medians}; load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(`    parts (median of the rounds' own differences, quartiles): ${parts.join(', ')}`);
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
      "\nWhere the mock's own CPU per request goes (bench/lib/cost-split.ts): platform-mock, a second platform-mock process (what two processes of one build differ by), its handler behind a minimal door (handle), the checks with nothing between (floor), JSON read and written with nothing checked (json), bare node:http",
    );
    for (const { endpoint, bare, answer } of bares) await measureCostSplit(ours, bare, endpoint.area, endpoint, answer);
  }
}
