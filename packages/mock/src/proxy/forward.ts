// Forwarding one request upstream and reading its answer, bounded: the request goes out as the
// client sent it (method, raw target, headers with their credentials, body bytes) but for the
// hop-by-hop headers and `Host`, which name the upstream; the answer comes back as bytes, at
// most `maxAnswerBytes`, within `timeoutMs`. Redirects are never followed (node:http does not):
// the proxy judges them (index.ts). One keep-alive agent per upstream origin.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface ForwardRequest {
  method: string;
  /** The request target sent upstream: path and query, as the client sent them. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: Buffer;
}

export type Forwarded =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: Buffer<ArrayBuffer> }
  | { kind: 'failed'; status: 502 | 504; title: string; detail: string };

export interface ForwarderLimits {
  /** The whole exchange (connecting, sending, the answer's headers and body) within this. */
  timeoutMs: number;
  /** Largest answer body read. */
  maxAnswerBytes: number;
  /** Names of the options that set the limits, for the failures' messages. */
  timeoutOption: string;
  sizeOption: string;
}

/** Headers of one connection only (RFC 9110 7.6.1), never forwarded either way; `Host` names the upstream instead. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
]);

/** The headers to forward: all but the hop-by-hop ones and those `Connection` names. */
export function endToEndHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const named = new Set(
    String(headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean),
  );
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

export function createForwarder(limits: ForwarderLimits) {
  const agents = new Map<string, HttpAgent>();
  const agentOf = (url: URL) => {
    let agent = agents.get(url.origin);
    if (!agent)
      agents.set(
        url.origin,
        (agent = url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true, maxSockets: 64 }) : new HttpAgent({ keepAlive: true, maxSockets: 64 })),
      );
    return agent;
  };

  function forward(upstream: URL, request: ForwardRequest): Promise<Forwarded> {
    const headers: Record<string, string> = { ...endToEndHeaders(request.headers), host: upstream.host };
    // The body was read whole: its length replaces a chunked framing.
    if (request.body !== undefined) headers['content-length'] = String(request.body.length);
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: Forwarded) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const failed = (status: 502 | 504, title: string, detail: string) => settle({ kind: 'failed', status, title, detail });
      const req = send({
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.path,
        headers,
        agent: agentOf(upstream),
        setHost: false,
      });
      const timer = setTimeout(() => {
        failed(504, 'Upstream timeout', `${upstream.origin} did not answer within ${limits.timeoutMs} ms; ${limits.timeoutOption} raises it.`);
        req.destroy();
      }, limits.timeoutMs);
      req.once('error', (error: NodeJS.ErrnoException) =>
        failed(502, 'Upstream unreachable', `${upstream.origin} could not be reached: ${error.code ?? error.message}.`),
      );
      req.once('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxAnswerBytes) {
            failed(
              502,
              'Upstream answer too large',
              `${upstream.origin} answered more than ${limits.maxAnswerBytes} bytes; ${limits.sizeOption} raises the limit.`,
            );
            return void req.destroy();
          }
          chunks.push(chunk);
        });
        res.once('error', (error: Error) => failed(502, 'Upstream answer cut short', `${upstream.origin} broke off its answer: ${error.message}.`));
        res.once('aborted', () => failed(502, 'Upstream answer cut short', `${upstream.origin} closed the connection before the end of its answer.`));
        res.once('end', () => settle({ kind: 'answer', status: res.statusCode ?? 502, headers: endToEndHeaders(res.headers), body: Buffer.concat(chunks) }));
      });
      req.end(request.body);
    });
  }

  return {
    forward,
    close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
