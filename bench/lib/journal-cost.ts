// What the request journal (with the coverage counts and violation checks recorded with it) costs
// per request, in `pnpm bench mock`: the same mock with it on (the default) and off
// (`journal: false`), measured in the same run, in alternating rounds (each round measures both,
// the first of them taking turns: the second of a pair pays for the first one's garbage), as ratios:
// - in process: validated creates (POST video) through the client on `mock.fetch`;
// - over HTTP: autocannon at 10 connections against two servers, each in its own process.
// Each is measured as CPU time per request (process.cpuUsage of the process that answers: what a
// busy, shared machine disturbs least) and as wall time or throughput. The cost is the ratio of the
// medians (on over off) across many rounds, which one slow round hardly moves (the median of each
// round's own ratio, printed before, moved by more than the goal's width between runs); beside it,
// the spread: the quartiles of the rounds' own ratios. Goal: with the journal on, within 10 % of
// the figures with it off.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createMock } from '@platform-contracts/mock';
import autocannon from 'autocannon';
import { freePort } from '../../scripts/lib/free-port.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { fail } from '../../scripts/lib/run.ts';
import type { Goal } from './goals.ts';
import { timeCreates } from './mock-in-process.ts';
import { median, percentile } from './stats.ts';

const GOAL = 0.1;
const ROUNDS = 40;
const BATCH = 400;
const WARM_UP = 3_000;
const HTTP_ROUNDS = 20;
const HTTP_SECONDS = 1;
const BUILT = path.join(ROOT, 'packages/mock/dist/index.js');
const verdict = (cost: number) => (cost <= GOAL ? 'meets the goal' : 'MISSES the goal');
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;
const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

interface Measure {
  /** Wall ms for a round (in process), or requests a second (over HTTP). */
  wall: number;
  /** CPU µs per request in the process that answers. */
  cpu: number;
}

/** on/off as the ratio of the medians, and the quartiles of the rounds' own ratios (the spread). */
function costOf(rounds: { off: Measure; on: Measure }[], measure: keyof Measure) {
  const ratio = median(rounds.map((r) => r.on[measure])) / median(rounds.map((r) => r.off[measure]));
  const own = rounds.map((r) => r.on[measure] / r.off[measure]);
  return { ratio, spread: `rounds' own ratios ${percent(percentile(own, 0.25))} to ${percent(percentile(own, 0.75))}` };
}

/** Both measures of a round, off first in even rounds and on first in odd ones. */
async function both(round: number, measureOff: () => Promise<Measure>, measureOn: () => Promise<Measure>): Promise<{ off: Measure; on: Measure }> {
  if (round % 2 === 0) {
    const off = await measureOff();
    return { off, on: await measureOn() };
  }
  const on = await measureOn();
  return { on, off: await measureOff() };
}

async function inProcess(): Promise<Goal> {
  const [on, off] = [await createMock({ areas: ['video'] }), await createMock({ areas: ['video'], journal: false })];
  await timeCreates(on.fetch, on.url, WARM_UP);
  await timeCreates(off.fetch, off.url, WARM_UP);
  const measure = (mock: typeof on) => async (): Promise<Measure> => {
    const cpu = process.cpuUsage();
    const wall = await timeCreates(mock.fetch, mock.url, BATCH);
    return { wall, cpu: cpuMicros(process.cpuUsage(cpu)) / BATCH };
  };
  const rounds: { off: Measure; on: Measure }[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await both(round, measure(off), measure(on)));
  const kept = on.requests({ namespace: 'bench-in-process' }).length;
  await Promise.all([on.close(), off.close()]);
  const [cpu, wall] = [costOf(rounds, 'cpu'), costOf(rounds, 'wall')];
  console.log(`\nThe request journal's cost per request (on: the default; off: journal: false), in alternating rounds, as the ratio of the medians`);
  console.log(`  in process, ${ROUNDS} rounds of ${BATCH} validated creates through the client on mock.fetch (the journal kept the last ${kept}):`);
  console.log(
    `    CPU a call: on ${median(rounds.map((r) => r.on.cpu)).toFixed(1)} µs, off ${median(rounds.map((r) => r.off.cpu)).toFixed(1)} µs, on/off ${cpu.ratio.toFixed(3)}x (${percent(cpu.ratio)}; ${cpu.spread}): ${verdict(cpu.ratio - 1)} (within ${GOAL * 100}%)`,
  );
  console.log(`    wall time on/off ${wall.ratio.toFixed(3)}x (${percent(wall.ratio)}; ${wall.spread})`);
  return {
    figure: 'the journal in process: CPU a call, on/off (ratio of medians)',
    value: `${percent(cpu.ratio)} (${cpu.spread})`,
    goal: `within ${GOAL * 100} %`,
    met: cpu.ratio - 1 <= GOAL,
  };
}

/** A mock in a process of its own, on `port`, that answers 'cpu' with its process.cpuUsage(). */
function serve(port: number, journal: boolean): ChildProcess {
  const script = `
    const { startMock } = await import(${JSON.stringify(BUILT)});
    await startMock({ port: ${port}, areas: ['video'], ${journal ? '' : 'journal: false'} });
    process.on('message', () => process.send(process.cpuUsage()));
    process.send('ready');`;
  return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

const cpuOf = (child: ChildProcess) =>
  new Promise<NodeJS.CpuUsage>((resolve) => (child.once('message', (usage) => resolve(usage as NodeJS.CpuUsage)), child.send('cpu')));

async function overHttp(): Promise<Goal> {
  const ports = [await freePort(), await freePort()] as const;
  const children = [serve(ports[0], true), serve(ports[1], false)] as const;
  await Promise.all(
    children.map(
      (child) => new Promise((resolve, reject) => (child.once('message', resolve), child.once('exit', (code) => reject(new Error(`the mock exited ${code}`))))),
    ),
  );
  const load = (index: 0 | 1, duration: number) => async (): Promise<Measure> => {
    const before = await cpuOf(children[index]);
    const result = await autocannon({
      url: `http://127.0.0.1:${ports[index]}/library/42/videos`,
      method: 'POST',
      headers: { AccessKey: 'bench-http', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Keynote', thumbnailTime: 1500 }),
      connections: 10,
      duration,
    });
    const after = await cpuOf(children[index]);
    if (result.non2xx + result.errors > 0) fail(`the journal benchmark got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    return { wall: result.requests.average, cpu: (cpuMicros(after) - cpuMicros(before)) / Math.max(1, result.requests.total) };
  };
  await load(0, 1)();
  await load(1, 1)();
  const rounds: { off: Measure; on: Measure }[] = [];
  for (let round = 0; round < HTTP_ROUNDS; round++) rounds.push(await both(round, load(1, HTTP_SECONDS), load(0, HTTP_SECONDS)));
  for (const child of children) child.kill('SIGTERM');
  const [cpu, rps] = [costOf(rounds, 'cpu'), costOf(rounds, 'wall')];
  console.log(`  over HTTP, POST video create at 10 connections, ${HTTP_ROUNDS} rounds of ${HTTP_SECONDS} s each:`);
  console.log(
    `    the server's CPU a request: on ${median(rounds.map((r) => r.on.cpu)).toFixed(1)} µs, off ${median(rounds.map((r) => r.off.cpu)).toFixed(1)} µs, on/off ${cpu.ratio.toFixed(3)}x (${percent(cpu.ratio)}; ${cpu.spread}): ${verdict(cpu.ratio - 1)} (within ${GOAL * 100}%)`,
  );
  console.log(
    `    throughput: on ${median(rounds.map((r) => r.on.wall)).toFixed(0)} req/s, off ${median(rounds.map((r) => r.off.wall)).toFixed(0)} req/s, on/off ${rps.ratio.toFixed(3)}x (${percent(rps.ratio)}; ${rps.spread})`,
  );
  return {
    figure: "the journal over HTTP: the server's CPU a request, on/off (ratio of medians)",
    value: `${percent(cpu.ratio)} (${cpu.spread})`,
    goal: `within ${GOAL * 100} %`,
    met: cpu.ratio - 1 <= GOAL,
  };
}

export async function measureJournalCost(goals: Goal[]) {
  goals.push(await inProcess());
  goals.push(await overHttp());
}
