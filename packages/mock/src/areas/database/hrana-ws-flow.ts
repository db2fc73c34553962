// Back-pressure on a Hrana WebSocket connection's answers (hrana-ws.ts): a request starts when
// fewer than MAX_RUNNING_PER_CONNECTION run and the answers not yet written out are under
// MAX_UNSENT_BYTES; the rest wait in arrival order.
import diagnostics from 'node:diagnostics_channel';
import type { WebSocket } from 'ws';

/** Requests of one connection that run at once (each may make up to maxResultBytes of answer); the others wait their turn. */
export const MAX_RUNNING_PER_CONNECTION = 4;
/** Bytes of answers handed to a connection's socket and not yet written out (a client that does not read): past it, no request starts. */
export const MAX_UNSENT_BYTES = 16 * 1024 * 1024;
/** Reports a connection that stopped starting requests because its client does not read its answers: `{ unsentBytes }`. */
export const BACKPRESSURE_CHANNEL = 'platform-mock:websocket-backpressure';
const backpressure = diagnostics.channel(BACKPRESSURE_CHANNEL);

/** A connection's turns to start requests, and the sending of their answers. */
export function answerFlow(socket: WebSocket) {
  let unsent = 0;
  let running = 0;
  const waiting: (() => void)[] = [];
  const hasRoom = () => running < MAX_RUNNING_PER_CONNECTION && unsent <= MAX_UNSENT_BYTES;
  let held = false;
  const startWaiting = () => {
    while (waiting.length > 0 && hasRoom()) {
      running++;
      waiting.shift()!();
    }
    // Reported once each time requests start waiting because the client does not read.
    const holding = waiting.length > 0 && unsent > MAX_UNSENT_BYTES;
    if (holding && !held && backpressure.hasSubscribers) backpressure.publish({ unsentBytes: unsent });
    held = holding;
  };
  const turn = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      startWaiting();
    });
  const send = (message: unknown) => {
    if (socket.readyState !== socket.OPEN) return;
    const text = JSON.stringify(message);
    unsent += text.length;
    socket.send(text, () => {
      unsent -= text.length;
      startWaiting();
    });
    startWaiting();
  };
  /** A request's answer was handed over: the next may start. */
  const finished = () => {
    running--;
    startWaiting();
  };
  return { turn, send, finished };
}
