// A WebSocket client that never reads its answers must not grow the mock (issue 54): 40 results of
// 5 MB each sent over Hrana and never read, the mock's RSS measured in its own process from before
// the first of them (a token and a table made) to its peak, until it stops running statements.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { Goal } from './goals.ts';
import { HEADERS, startOurs, stop } from './processes.ts';

const SENT = 40;
const SQL = 'INSERT INTO hits VALUES (1) RETURNING hex(zeroblob(2500000))'; // 5,000,000 characters
const GOAL_MB = 150;
/** Polls of the statements' count, 500 ms apart, that must see no change before the figure is taken. */
const STEADY_POLLS = 8;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export async function unreadWebSocketGoal(): Promise<Goal> {
  const { child, url } = await startOurs([], ['--area', 'database']);
  try {
    const minted = await fetch(`${url}/database/my-database/tokens`, { method: 'POST', headers: HEADERS, body: '{"kinds":["full_access"]}' });
    const token = ((await minted.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
    const count = async (sql: string) => {
      const response = await fetch(`${url}/v3/pipeline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql } }, { type: 'close' }] }),
      });
      const { results } = (await response.json()) as { results: { response?: { result: { rows: { value: string }[][] } } }[] };
      return Number(results[0]!.response?.result.rows[0]?.[0]?.value ?? 0);
    };
    await count('CREATE TABLE hits (x)');
    const before = rssMb(child.pid!);
    const socket = new WebSocket(url.replace(/^http/, 'ws'), ['hrana3']);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'hello', jwt: token }));
    socket.send(JSON.stringify({ type: 'request', request_id: 0, request: { type: 'open_stream', stream_id: 1 } }));
    // The client stops reading its socket; the requests still go out.
    (socket as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let id = 1; id <= SENT; id++)
      socket.send(JSON.stringify({ type: 'request', request_id: id, request: { type: 'execute', stream_id: 1, stmt: { sql: SQL } } }));
    let peak = before;
    let ran = -1;
    for (let steady = 0; steady < STEADY_POLLS; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      peak = Math.max(peak, rssMb(child.pid!));
      const now = await count('SELECT count(*) FROM hits');
      steady = now === ran ? steady + 1 : 0;
      ran = now;
    }
    socket.terminate();
    const grown = peak - before;
    return {
      figure: `WebSocket client that never reads: ${SENT} results of 5 MB`,
      value: `+${grown.toFixed(0)} MB RSS (${before.toFixed(0)} to ${peak.toFixed(0)} MB), ${ran} statements run`,
      goal: `≤ +${GOAL_MB} MB`,
      met: grown <= GOAL_MB,
    };
  } finally {
    await stop(child);
  }
}
