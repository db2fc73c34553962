// `DATABASE_ONLY=select`: the warm `SELECT 1` through @libsql/client over HTTP and over WebSocket,
// each beside the client's own floor (client-floor.ts: a bare server answering the mock's bytes),
// in rounds of short slices one after the other (which goes first turning): the mock's own time is
// the median of the rounds' own differences (mock less floor), where two medians taken minutes apart
// saw two loads of the machine. Beside it, each thread's CPU time a call (/proc/self/task/*/schedstat,
// Linux only) over the mock's slices: the HTTP thread (the client's work and the mock's; the floor's
// HTTP thread, the client's and a bare server's, printed beside it), the SQL worker, V8's and Node's
// own threads, the mock's others.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createClient } from '@libsql/client';
import { startMock } from '@platform-contracts/mock';
import { startReplay, startWebSocketReplay } from './client-floor.ts';
import { threadIds, untilIdle } from './database-threads.ts';
import { median, percentile } from './stats.ts';

const ROUNDS = 40;
const PER_SLICE = 25;
const WARM = 300;

type Side = 'http' | 'httpFloor' | 'ws' | 'wsFloor';

/** Each thread's run time so far (ns), by id: schedstat alone, read twice a slice (threadSamples also reads each thread's stat); undefined off Linux. */
function ranByThread(): Map<string, number> | undefined {
  const tids = threadIds();
  if (tids === undefined) return undefined;
  const ran = new Map<string, number>();
  for (const tid of tids) {
    try {
      ran.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ran;
}

/** CPU time (ms) each group of threads ran between two samples: the HTTP thread, the SQL worker (the mock's thread that ran most), Node's and V8's own threads (there before the mock started), the mock's others. */
function ranBetween(before: Map<string, number>, after: Map<string, number>, node: Set<string>) {
  const self = String(process.pid);
  const ran = (tid: string) => ((after.get(tid) ?? 0) - (before.get(tid) ?? 0)) / 1e6;
  const mock = [...after.keys()].filter((tid) => tid !== self && !node.has(tid));
  const sql = mock.sort((a, b) => ran(b) - ran(a))[0];
  const sum = (tids: string[]) => tids.reduce((total, tid) => total + ran(tid), 0);
  return {
    http: ran(self),
    sql: sql === undefined ? 0 : ran(sql),
    node: sum([...after.keys()].filter((tid) => tid !== self && node.has(tid))),
    rest: sum(mock.filter((tid) => tid !== sql)),
  };
}

export async function selectOneFigures(): Promise<string[]> {
  const before = ranByThread();
  const node = new Set(before?.keys() ?? []);
  const mock = await startMock({ port: 0, areas: ['database'] });
  const token = mock.areas.database.fullAccessToken;
  const replay = await startReplay(mock.url);
  const selectOneResult = await (async () => {
    const response = await fetch(`${mock.url}/v2/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }, { type: 'close' }] }),
    });
    const { results } = (await response.json()) as { results: { response: { result: unknown } }[] };
    return results[0]!.response.result;
  })();
  const socketReplay = await startWebSocketReplay(selectOneResult);
  const clients: Record<Side, ReturnType<typeof createClient>> = {
    http: createClient({ url: mock.url, authToken: token }),
    httpFloor: createClient({ url: replay.url, authToken: token }),
    ws: createClient({ url: mock.url.replace(/^http:/, 'ws:'), authToken: token }),
    wsFloor: createClient({ url: socketReplay.url, authToken: token }),
  };
  const sides = Object.keys(clients) as Side[];
  try {
    for (const side of sides) for (let i = 0; i < WARM; i++) await clients[side].execute('SELECT 1');
    await untilIdle();
    const slices = Object.fromEntries(sides.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
    const cpu = Object.fromEntries(sides.map((side) => [side, { http: 0, sql: 0, node: 0, rest: 0 }])) as Record<Side, ReturnType<typeof ranBetween>>;
    const load = loadavg()[0]!;
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(round + k) % sides.length]!;
        const start = ranByThread();
        const times: number[] = [];
        for (let i = 0; i < PER_SLICE; i++) {
          const started = performance.now();
          await clients[side].execute('SELECT 1');
          times.push(performance.now() - started);
        }
        const end = ranByThread();
        slices[side].push(median(times));
        if (start && end) for (const [group, ms] of Object.entries(ranBetween(start, end, node))) cpu[side][group as keyof typeof cpu.http] += ms;
      }
    }
    const own = (side: 'http' | 'ws', floor: Side) => slices[side].map((ms, round) => ms - slices[floor][round]!);
    const ms = (value: number) => value.toFixed(3);
    const us = (side: Side, group: keyof typeof cpu.http) => ((cpu[side][group] * 1000) / (ROUNDS * PER_SLICE)).toFixed(0);
    const line = (name: string, side: 'http' | 'ws', floor: Side) => {
      const differences = own(side, floor);
      return `warm SELECT 1 over ${name} (@libsql/client): ${ms(median(slices[side]))} ms, floor ${ms(median(slices[floor]))} ms: the mock's own ${ms(median(differences))} ms a call (rounds ${ms(percentile(differences, 0.25))} to ${ms(percentile(differences, 0.75))}); CPU µs a call: HTTP thread ${us(side, 'http')} (floor's ${us(floor, 'http')}), SQL worker ${us(side, 'sql')}, Node's and V8's threads ${us(side, 'node')} (floor's ${us(floor, 'node')}), the mock's others ${us(side, 'rest')}`;
    };
    return [
      `warm SELECT 1: ${ROUNDS} rounds of ${PER_SLICE} calls a side (mock over HTTP, its floor, mock over WebSocket, its floor; which goes first turning), medians of the slices' medians; load average ${load.toFixed(2)} at the start`,
      line('HTTP', 'http', 'httpFloor'),
      line('WebSocket', 'ws', 'wsFloor'),
    ];
  } finally {
    for (const client of Object.values(clients)) client.close();
    await socketReplay.close();
    await replay.close();
    await mock.close();
  }
}
