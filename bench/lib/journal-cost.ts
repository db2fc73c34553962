// What the request journal (with the coverage counts and violation checks recorded with it) costs
// per request, in `pnpm bench mock`: the same mock with it on (the default) and off
// (`journal: false`), measured in the same run, in alternating rounds, as ratios:
// - in process: validated creates (POST video) through the client on `mock.fetch`;
// - over HTTP: autocannon at 10 connections against two servers, each in its own process.
// Goal: with the journal on, within 10 % of the figures with it off.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { createMock } from '@platform-contracts/mock';
import { freePort } from '../../scripts/lib/free-port.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { fail } from '../../scripts/lib/run.ts';
import { timeCreates } from './mock-in-process.ts';

const GOAL = 0.1;
const ROUNDS = 20;
const BATCH = 100;
const WARM_UP = 3_000;
const HTTP_ROUNDS = 4;
const HTTP_SECONDS = 2;
const BUILT = path.join(ROOT, 'packages/mock/dist/index.js');
const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
const verdict = (cost: number) => (cost <= GOAL ? 'meets the goal' : 'MISSES the goal');
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** Both measures of a round, off first in even rounds and on first in odd ones. */
async function both(round: number, measureOff: () => Promise<number>, measureOn: () => Promise<number>): Promise<{ off: number; on: number }> {
  if (round % 2 === 0) {
    const off = await measureOff();
    return { off, on: await measureOn() };
  }
  const on = await measureOn();
  return { on, off: await measureOff() };
}

async function inProcess() {
  const [on, off] = [await createMock({ areas: ['video'] }), await createMock({ areas: ['video'], journal: false })];
  await timeCreates(on.fetch, on.url, WARM_UP);
  await timeCreates(off.fetch, off.url, WARM_UP);
  const ratios: number[] = [];
  let [onMs, offMs] = [0, 0];
  // Each round measures both, the first of them taking turns (the second of a pair pays for the first one's garbage).
  for (let round = 0; round < ROUNDS; round++) {
    const { off: offRound, on: onRound } = await both(round, () => timeCreates(off.fetch, off.url, BATCH), () => timeCreates(on.fetch, on.url, BATCH));
    ratios.push(onRound / offRound);
    onMs += onRound;
    offMs += offRound;
  }
  const kept = on.requests({ namespace: 'bench-in-process' }).length;
  await Promise.all([on.close(), off.close()]);
  const ratio = median(ratios);
  const calls = ROUNDS * BATCH;
  console.log(`\nThe request journal's cost per request (on: the default; off: journal: false), in ${ROUNDS} alternating rounds`);
  console.log(`  in process, ${calls} validated creates through the client on mock.fetch: on ${((onMs / calls) * 1000).toFixed(1)} µs a call, off ${((offMs / calls) * 1000).toFixed(1)} µs a call`);
  console.log(`    time on/off (median of the rounds) ${ratio.toFixed(3)}x (${percent(ratio)}; the journal kept the last ${kept} requests): ${verdict(ratio - 1)} (within ${GOAL * 100}%)`);
}

function serve(port: number, journal: boolean): ChildProcess {
  const script = `
    const { startMock } = await import(${JSON.stringify(BUILT)});
    await startMock({ port: ${port}, areas: ['video'], ${journal ? '' : 'journal: false'} });
    process.send('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return child;
}

async function overHttp() {
  const ports = [await freePort(), await freePort()];
  const children = [serve(ports[0]!, true), serve(ports[1]!, false)];
  await Promise.all(children.map((child) => new Promise((resolve, reject) => (child.once('message', resolve), child.once('exit', (code) => reject(new Error(`the mock exited ${code}`)))))));
  const load = async (port: number, duration: number) => {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/library/42/videos`,
      method: 'POST',
      headers: { AccessKey: 'bench-http', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Keynote', thumbnailTime: 1500 }),
      connections: 10,
      duration,
    });
    if (result.non2xx + result.errors > 0) fail(`the journal benchmark got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    return result.requests.average;
  };
  await load(ports[0]!, 1);
  await load(ports[1]!, 1);
  const ratios: number[] = [];
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < HTTP_ROUNDS; round++) {
    const { off: offRps, on: onRps } = await both(round, () => load(ports[1]!, HTTP_SECONDS), () => load(ports[0]!, HTTP_SECONDS));
    off.push(offRps);
    on.push(onRps);
    ratios.push(onRps / offRps);
  }
  for (const child of children) child.kill('SIGTERM');
  const ratio = median(ratios);
  console.log(`  over HTTP, POST video create at 10 connections, ${HTTP_ROUNDS} rounds of ${HTTP_SECONDS} s each: on ${median(on).toFixed(0)} req/s, off ${median(off).toFixed(0)} req/s`);
  console.log(`    throughput on/off (median of the rounds) ${ratio.toFixed(3)}x (${percent(ratio)}): ${verdict(1 - ratio)} (within ${GOAL * 100}%)`);
}

export async function measureJournalCost() {
  await inProcess();
  await overHttp();
}
