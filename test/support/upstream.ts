// A small upstream for the validation proxy's tests: a node:http server on a free loopback port
// that records every request exactly as it arrived (method, raw target, headers as sent, body
// bytes) and answers with whatever the test sets, so that "forwarded unchanged" is checked byte
// for byte. A trap is the same server never given to the proxy: it must see no request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  target: string;
  headers: IncomingMessage['headers'];
  /** Header names as sent, with their values, in order. */
  rawHeaders: string[];
  body: Buffer;
}

export type Answer = (request: SeenRequest, res: ServerResponse) => void;

export interface Upstream {
  url: string;
  seen: SeenRequest[];
  /** How the next requests are answered (default: 200, `{}`). */
  answer(answer: Answer): void;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_request, res) => {
    const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers }).end(bytes);
  };

export async function startUpstream(): Promise<Upstream> {
  let current: Answer = json(200, {});
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method!, target: req.url!, headers: req.headers, rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) };
      seen.push(request);
      current(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer: (answer) => void (current = answer),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
