// A server of bench/lib/cost-split.ts, in a process of its own, answering on a free port (sent to
// its parent):
// - `handle`: createMock()'s handler behind a minimal node:http door (the body read, mock.handle,
//   one writeHead): the mock without its HTTP door;
// - `floor`: what the engine cannot do without, with nothing between: the operation's compiled
//   validators on the request's parameters and body, a fresh copy of the mock's own answer checked
//   against the contract and written by JSON.stringify, one journal entry;
// - `json`: what any server that reads and writes JSON pays, nothing checked: the body read and
//   parsed by JSON.parse, a fresh copy of the mock's answer written by JSON.stringify.
import { createServer } from 'node:http';
import { readBundle } from '@platform-contracts/contracts';
import { createMock } from '@platform-contracts/mock';
import { compileContract } from '../../packages/mock/src/engine/contract.ts';

const { KIND, AREA, METHOD, ANSWER } = process.env as Record<string, string>;
const sample = JSON.parse(ANSWER!) as Record<string, unknown>;

async function handleServer() {
  const mock = await createMock();
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const answer = await mock.handle({
        method: req.method!,
        target: req.url!,
        headers: req.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
}

function floorServer() {
  const operations = compileContract(AREA!, readBundle(AREA as never) as never);
  const journal: object[] = new Array(1000);
  let seq = 0;
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url!.split('?')[0]!;
      // The route: the operation of this method whose template has as many segments (the bench's two endpoints need no more).
      const operation = operations.find((o) => o.method === METHOD && o.path.split('/').length === path.split('/').length)!;
      const text = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
      const body = text === undefined ? undefined : JSON.parse(text);
      const params = Object.fromEntries(
        operation.path
          .split('/')
          .map((segment, i) => [segment, path.split('/')[i]] as const)
          .filter(([segment]) => segment.startsWith('{'))
          .map(([segment, value]) => [segment.slice(1, -1), value]),
      );
      const violations = operation.validateParameters({ path: params, query: {}, header: req.headers });
      if (body !== undefined && operation.body) violations.push(...operation.validateBody(operation.body.contents[0]!, body));
      const answer = { ...sample };
      violations.push(...operation.validateResponse(200, 'application/json', answer));
      if (violations.length > 0) throw new Error(`the floor server found violations: ${JSON.stringify(violations)}`);
      const out = JSON.stringify(answer);
      journal[seq++ % journal.length] = { time: Date.now(), method: req.method, path: req.url, bodyText: text, status: 200, violations: [] };
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out), 'x-content-type-options': 'nosniff' }).end(out);
    });
  });
}

function jsonServer() {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : undefined;
      if (body !== undefined && typeof body !== 'object') throw new Error('the json server was sent a body that is not an object');
      const out = JSON.stringify({ ...sample });
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(out),
          'x-content-type-options': 'nosniff',
        })
        .end(out);
    });
  });
}

const server = KIND === 'handle' ? await handleServer() : KIND === 'json' ? jsonServer() : floorServer();
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
});
