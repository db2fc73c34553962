// A bare WebSocket speaking Hrana's JSON messages, for tests of the protocol's own rules.
import WebSocket from 'ws';

export interface HranaSocket {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** The next message, parsed, in the order they came. */
  next(): Promise<any>;
}

/** Opens a WebSocket to `url` with these subprotocols; resolves once it is open. */
export async function hranaSocket(url: string, protocols: string[] = ['hrana3']): Promise<HranaSocket> {
  const socket = new WebSocket(url, protocols);
  const messages: any[] = [];
  const waiting: ((message: any) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const next = waiting.shift();
    if (next) next(message);
    else messages.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    next: () => (messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise<any>((resolve) => waiting.push(resolve))),
  };
}

/** A request message of the WebSocket protocol. */
export const wsRequest = (id: number, request: unknown) => ({ type: 'request', request_id: id, request });

/**
 * A client of the WebSocket protocol at `url` (ws://), greeted with `token`: each request gets
 * an id, and its promise the response_ok or response_error that carries that id.
 */
export async function hranaClient(url: string, token: string) {
  const socket = new WebSocket(url, ['hrana3']);
  const answers = new Map<number, (message: any) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type === 'response_ok' || message.type === 'response_error') answers.get(message.request_id)?.(message);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 1;
  const request = (body: object) =>
    new Promise<any>((resolve) => {
      const id = nextId++;
      answers.set(id, resolve);
      socket.send(JSON.stringify(wsRequest(id, body)));
    });
  socket.send(JSON.stringify({ type: 'hello', jwt: token }));
  return { socket, request };
}
