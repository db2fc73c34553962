// The floor under a client's figures: what the same calls cost the same client when the server
// does no work at all. A bare node:http server forwards the first request of each kind (method,
// path and body) to the mock and keeps its answer; every later request of that kind is answered
// those bytes at once, without the mock. What the mock's figure adds to this floor is the mock's
// own time; the rest is the client's. Under it, `replayFetch`: the same kept bytes handed to the
// client by its fetch, without a network or a server, what the client itself does with them.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Kept {
  status: number;
  contentType: string;
  body: Buffer;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A bare server in front of `upstream` that answers each kind of request with the upstream's first answer to it. */
export async function startReplay(upstream: string): Promise<{ url: string; forwarded: () => number; close: () => Promise<void> }> {
  const kept = new Map<string, Kept>();
  let forwarded = 0;
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const kind = `${request.method} ${request.url}\n${body.toString('latin1')}`;
    let answer = kept.get(kind);
    if (!answer) {
      forwarded++;
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)) as [string, string][],
      );
      const reply = await fetch(`${upstream}${request.url}`, {
        method: request.method,
        headers,
        body: body.length > 0 ? new Uint8Array(body) : undefined,
      });
      answer = {
        status: reply.status,
        contentType: reply.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await reply.arrayBuffer()),
      };
      kept.set(kind, answer);
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded: () => forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A fetch that answers each kind of request (method, URL and body) with the first answer `upstream`
 * gave it, from memory: a client on it does its own work on the mock's bytes and nothing else.
 */
export function replayFetch(upstream: typeof fetch = fetch): typeof fetch {
  const kept = new Map<string, Kept>();
  const replay = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const kind = `${request.method} ${request.url}\n${await request.clone().text()}`;
    let answer = kept.get(kind);
    if (!answer) {
      const reply = await upstream(request);
      answer = {
        status: reply.status,
        contentType: reply.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await reply.arrayBuffer()),
      };
      kept.set(kind, answer);
    }
    return new Response(new Uint8Array(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength) as Uint8Array<ArrayBuffer>, {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };
  return replay as typeof fetch;
}

/**
 * The same floor for Hrana over WebSocket: a bare ws server that greets, opens and closes streams, keeps SQL texts
 * at once and answers every `execute` with the result `execute` gave (the mock's, taken once over
 * HTTP). Any other request is answered an error, so a client that sends one fails loudly here.
 */
export async function startWebSocketReplay(result: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const { WebSocketServer } = await import('ws');
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => ['hrana3', 'hrana2', 'hrana1'].find((name) => protocols.has(name)) ?? false,
  });
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; request_id?: number; request?: { type: string } };
      if (message.type === 'hello') return socket.send('{"type":"hello_ok"}');
      const type = message.request?.type;
      const response = ['open_stream', 'close_stream', 'store_sql', 'close_sql'].includes(type ?? '')
        ? { type }
        : type === 'execute'
          ? { type: 'execute', result }
          : undefined;
      socket.send(
        JSON.stringify(
          response
            ? { type: 'response_ok', request_id: message.request_id, response }
            : { type: 'response_error', request_id: message.request_id, error: { message: `the floor's server does not answer ${type}` } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
