// For information beside `pnpm bench database`'s goals: the 1,000-row select through libSQL's
// TypeScript Hrana client asked for protocol version 3, which speaks Hrana over HTTP in Protobuf
// (/v3-protobuf/pipeline), against the mock and against the bare server answering the mock's bytes
// (client-floor.ts). @libsql/client over HTTP speaks version 2 in JSON whatever the server serves
// (its HttpClient opens @libsql/hrana-client with protocol version 2), so the goals' figures stay
// JSON; this shows what the encoding itself costs a client.
import * as hrana from '@libsql/hrana-client';
import { startReplay } from './client-floor.ts';
import { median, timed } from './stats.ts';

async function selects(url: string, token: string, sql: string, rows: number, rounds: number, warm: number): Promise<number> {
  const client = hrana.openHttp(url, token, undefined, undefined, 3);
  if ((await client.getVersion()) !== 3) throw new Error(`${url} did not speak Hrana 3 in Protobuf`);
  const once = async () => {
    const stream = client.openStream();
    const result = await stream.query([sql, [rows]]);
    stream.close();
    if (result.rows.length !== rows) throw new Error(`the select gave ${result.rows.length} rows, not ${rows}`);
  };
  await timed(once, warm);
  const times = await timed(once, rounds);
  client.close();
  return median(times);
}

/** The select's median through the mock and through the bare server in front of it (alternating runs of `rounds` each). */
export async function protobufSelect(url: string, token: string, sql: string, rows: number, rounds: number, warm: number) {
  const replay = await startReplay(url);
  try {
    const mock: number[] = [];
    const floor: number[] = [];
    for (let pair = 0; pair < 3; pair++) {
      mock.push(await selects(url, token, sql, rows, rounds, warm));
      floor.push(await selects(replay.url, token, sql, rows, rounds, warm));
    }
    const middle = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    return { mock: middle(mock), floor: middle(floor) };
  } finally {
    await replay.close();
  }
}
