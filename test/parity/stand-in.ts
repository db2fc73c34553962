// The stand-in upstream: test equipment, a server that answers as the platform might. It is a
// mock of its own (so its ids, tokens and batons are not the verifying mock's), on a clock two
// years ahead (so are its times), it marks every answer as the stand-in's (`x-parity-stand-in`:
// a cassette recorded from it says so and never counts as the platform's word), and it changes
// the answers the test asks it to: the injected differences.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AREAS, operationsOf } from '@platform-contracts/contracts';
import { createMock } from '@platform-contracts/mock';
import { headerRecord } from '../../scripts/lib/parity/capture.ts';
import { operationOf, STAND_IN_HEADER } from '../../scripts/lib/parity/cassette.ts';

export interface StandInAnswer {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body, or the text. */
  body: unknown;
}

export interface Injection {
  operationId: string;
  /** Only the nth call of the operation (from 1); every call without it. */
  nth?: number;
  change(answer: StandInAnswer): StandInAnswer | undefined;
}

const TWO_YEARS_MS = 2 * 365 * 86_400_000;
const operations = AREAS.flatMap((area) => operationsOf(area));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startStandIn(injections: readonly Injection[] = []) {
  const mock = await createMock({ now: () => Date.now() + TWO_YEARS_MS });
  const calls = new Map<string, number>();
  /** Every answer body sent, as written: a test looks for what it handed out (tokens) in the cassettes. */
  const sent: string[] = [];
  const server = createServer(async (request, response) => {
    const target = request.url ?? '/';
    const body = await bodyOf(request);
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const answer = await mock.fetch(`${mock.url}${target}`, { method: request.method, headers, ...(body.length > 0 ? { body: new Uint8Array(body) } : {}) });
    const text = await answer.text();
    let current: StandInAnswer = { status: answer.status, headers: headerRecord(answer.headers), body: text };
    const operationId = operationOf(request.method ?? 'GET', target, operations)?.operationId;
    const count = (calls.get(operationId ?? '') ?? 0) + 1;
    calls.set(operationId ?? '', count);
    const mine = injections.filter((i) => i.operationId === operationId && (i.nth === undefined || i.nth === count));
    if (mine.length > 0) {
      try {
        current = { ...current, body: JSON.parse(text) };
      } catch {}
      for (const injection of mine) current = injection.change(structuredClone(current)) ?? current;
    }
    const out = typeof current.body === 'string' ? current.body : JSON.stringify(current.body);
    const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = current.headers;
    response.writeHead(current.status, { ...rest, [STAND_IN_HEADER]: '1', 'content-length': Buffer.byteLength(out) });
    sent.push(out);
    response.end(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sent,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await mock.close();
    },
  };
}
