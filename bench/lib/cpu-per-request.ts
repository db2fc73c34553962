// The server's CPU time per request, `platform-mock` against a bare node:http server answering the
// same bytes: what req/s hides on a shared machine (a server whose process waits for the CPU
// answers fewer requests per second without doing more work per request). Each server's CPU time,
// all its threads, is read before and after a fixed number of requests at 10 connections (the
// scheduler's exact run time of each thread, /proc/<pid>/task/*/schedstat, in ns; the user and
// system split from /proc/<pid>/stat, which counts whole clock ticks); the two servers alternate,
// and the figures are the medians of the rounds' figures. The mock's own cost per request is the difference; bare / mock is the share of bare
// node:http's throughput the mock can reach when the CPU is what limits both.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { HEADERS } from './processes.ts';
import { median } from './stats.ts';

/** Requests per round and side, rounds, connections. */
const REQUESTS = 6_000;
const ROUNDS = 7;
const CONNECTIONS = 10;
/**
 * Rounds each server runs before the measured ones. The figure is a sustained-load one, what a long
 * suite or a load test sees of each request; V8 optimizes a fresh process's request path over its
 * first ten thousand or so requests (measured, GET shield zones, rounds of 6,000 at 10 connections,
 * mock / bare µs: 97-101 / 59-76, then 41-49 / 42-45, 26-36 / 20-24, then 24-30 / 20-22 on), which
 * the mock, whose path is longer, pays for longer than bare node:http: with one round of warm-up the
 * second and third rounds measured the end of it. That one-time cost is the start-up part's to
 * measure (the command to the first answers), not this one's.
 */
const WARM_UP_ROUNDS = 3;
/** Linux's clock ticks per second for /proc's CPU times (`getconf CLK_TCK`, 100 on every Linux we run). */
const TICKS_PER_SECOND = 100;

export interface CpuEndpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Server {
  child: ChildProcess;
  url: string;
}

/** A process's CPU time so far, user and system apart (every thread), µs; undefined where /proc is not there. */
export function cpuTimes(pid: number): { user: number; system: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: (Number(fields[11]) * 1_000_000) / TICKS_PER_SECOND, system: (Number(fields[12]) * 1_000_000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/**
 * A process's CPU time so far (user and system, every live thread), µs, from the scheduler's run
 * time of each thread in ns: /proc/<pid>/stat counts whole clock ticks of 10 ms, a 4 % step on a
 * round of the bench. Falls back to /proc/<pid>/stat without schedstat; undefined without /proc.
 */
export function cpuMicros(pid: number): number | undefined {
  try {
    let nanoseconds = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    if (Number.isFinite(nanoseconds)) return nanoseconds / 1000;
  } catch {
    // no schedstat (a kernel without CONFIG_SCHED_INFO, or no /proc): the ticks below
  }
  const times = cpuTimes(pid);
  return times && times.user + times.system;
}

/**
 * Waits until the process is idle: at most 1 % of a core over half a second. A mock just started
 * loads Prism and its validators in the background for some seconds (longer on a busy machine),
 * which the first measurements would otherwise share the thread with. Gives up after `limitMs`;
 * returns the milliseconds waited (undefined without /proc).
 */
export async function waitUntilIdle(pid: number, limitMs = 30_000): Promise<number | undefined> {
  const started = performance.now();
  let before = cpuMicros(pid);
  if (before === undefined) return undefined;
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMicros(pid)!;
    if (now - before <= 5_000) break;
    before = now;
  }
  return performance.now() - started;
}

/** µs of the server's CPU time per request over `REQUESTS` requests (`split`: its user and system parts, µs per request, pushed there). */
async function cpuPerRequest(server: Server, endpoint: CpuEndpoint, split?: { user: number[]; system: number[] }): Promise<number | undefined> {
  const [before, beforeTotal] = [cpuTimes(server.child.pid!), cpuMicros(server.child.pid!)];
  const result = await autocannon({
    url: `${server.url}${endpoint.path}`,
    method: endpoint.method,
    body: endpoint.body,
    headers: HEADERS,
    connections: CONNECTIONS,
    amount: REQUESTS,
  });
  const [after, afterTotal] = [cpuTimes(server.child.pid!), cpuMicros(server.child.pid!)];
  if (result.non2xx + result.errors > 0) throw new Error(`${endpoint.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  if (before === undefined || after === undefined || beforeTotal === undefined || afterTotal === undefined) return undefined;
  split?.user.push((after.user - before.user) / REQUESTS);
  split?.system.push((after.system - before.system) / REQUESTS);
  return (afterTotal - beforeTotal) / REQUESTS;
}

/**
 * Each server's CPU per request (µs) in each of `ROUNDS` rounds (`rounds[round][server]`), every
 * server once a round, back to back, in an order that reverses each round; undefined without /proc.
 */
export async function cpuPerRequestRounds(servers: (Server & { name: string })[], endpoint: CpuEndpoint): Promise<number[][] | undefined> {
  if (cpuMicros(servers[0]!.child.pid!) === undefined) return undefined;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const server of servers) await cpuPerRequest(server, endpoint);
  const rounds: number[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = servers.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    const figures: number[] = [];
    for (const i of order) figures[i] = (await cpuPerRequest(servers[i]!, endpoint))!;
    rounds.push(figures);
  }
  return rounds;
}

export interface CpuFigures {
  mockMicros: number;
  bareMicros: number;
  /** bare / mock, the median of the rounds' own ratios. */
  shareOfBare: number;
}

/** The mock's and the bare server's CPU per request at 10 connections, alternating; undefined without /proc. */
export async function measureCpuPerRequest(mock: Server, bare: Server, endpoint: CpuEndpoint): Promise<CpuFigures | undefined> {
  if (cpuMicros(mock.child.pid!) === undefined) return undefined;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const server of [mock, bare]) await cpuPerRequest(server, endpoint);
  const rounds: { mock: number; bare: number }[] = [];
  const parts = new Map([mock, bare].map((server) => [server, { user: [] as number[], system: [] as number[] }]));
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first: a busy moment of the machine weighs on both.
    const first = round % 2 === 0 ? mock : bare;
    const second = first === mock ? bare : mock;
    const [a, b] = [await cpuPerRequest(first, endpoint, parts.get(first)), await cpuPerRequest(second, endpoint, parts.get(second))];
    rounds.push(first === mock ? { mock: a!, bare: b! } : { mock: b!, bare: a! });
  }
  const figures = {
    mockMicros: median(rounds.map((r) => r.mock)),
    bareMicros: median(rounds.map((r) => r.bare)),
    shareOfBare: median(rounds.map((r) => r.bare / r.mock)),
  };
  console.log(
    `  ${endpoint.name}: the server's CPU per request ${figures.mockMicros.toFixed(1)} µs, bare node:http ${figures.bareMicros.toFixed(1)} µs: the mock's own ${(figures.mockMicros - figures.bareMicros).toFixed(1)} µs; bare / mock ${(figures.shareOfBare * 100).toFixed(0)} % (median of ${ROUNDS} alternating rounds of ${REQUESTS} requests at ${CONNECTIONS} connections; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  // The kernel's part (system time: the socket writes and reads, waking the client, the heap's page faults) apart from the process's own code (user time).
  const { user: mockUser, system: mockSystem } = parts.get(mock)!;
  const { user: bareUser, system: bareSystem } = parts.get(bare)!;
  const us = (values: number[]) => `${median(values).toFixed(1)} µs`;
  console.log(
    `    user time: platform-mock ${us(mockUser)}, bare ${us(bareUser)}; system time: platform-mock ${us(mockSystem)}, bare ${us(bareSystem)} (medians)`,
  );
  return figures;
}
