// The floor under a client's figures: what the same calls cost the same client when the server
// does no work at all. A bare node:http server forwards the first request of each kind (method,
// path and body) to the mock and keeps its answer; every later request of that kind is answered
// those bytes at once, without the mock. What the mock's figure adds to this floor is the mock's
// own time; the rest is the client's.
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
