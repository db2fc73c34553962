// Back-pressure on a Hrana WebSocket connection (connection.ts), as a server that does not buffer
// for a client that does not read: while the answers handed to the socket and not yet written out
// are over MAX_UNSENT_BYTES, the connection's requests are not read, and no statement of it runs
// (one already waiting on its stream waits for the client too). At most MAX_RUNNING_PER_CONNECTION
// requests run at once; the rest wait in arrival order.
import diagnostics from 'node:diagnostics_channel';
import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import { knownJsonText } from '../../../../engine/json-text.ts';

/** Requests of one connection that run at once (each may make up to maxResultBytes of answer); the others wait their turn. */
export const MAX_RUNNING_PER_CONNECTION = 4;
/** Bytes of answers handed to a connection's socket and not yet written out (a client that does not read): past it, nothing of that connection is read or run. */
export const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
/** Requests a connection may have unanswered before the mock stops reading it (as the protocol asks). */
export const MAX_OUTSTANDING = 128;
/** Reports a connection that stopped reading and running because its client does not read its answers: `{ unsentBytes }`. */
export const BACKPRESSURE_CHANNEL = 'platform-mock:websocket-backpressure';
const backpressure = diagnostics.channel(BACKPRESSURE_CHANNEL);

/** What the flow needs of a `ws` WebSocket (a test hands it a stand-in). */
export type FlowSocket = Pick<WebSocket, 'readyState' | 'OPEN' | 'pause' | 'resume' | 'once'> & {
  send(data: Buffer, options: { binary: false }, written: (error?: Error) => void): void;
};

/** The connection's byte stream under the WebSocket (the upgraded socket), corked while a tick's answers are handed over. */
export type Corkable = Pick<Writable, 'cork' | 'uncork'>;

/** Longest that answers wait, corked, for those of the requests still running on their connection. */
export const HOLD_MS = 1;
/** Answers wait for others only while they take this many bytes at most. */
export const HOLD_BYTES = 64 * 1024;
/** Calls `release` in HOLD_MS; the function returned cancels it. */
export type Hold = (release: () => void) => () => void;

/**
 * A connection's holds, on one timer of its own: made at its first hold, re-armed (`refresh`) for
 * each next one, never a timer made and cleared per statement. A cancelled hold leaves the timer
 * armed; it then fires once for nothing.
 */
function connectionHold(): Hold {
  let timer: NodeJS.Timeout | undefined;
  let pending: (() => void) | undefined;
  const fire = () => {
    const release = pending;
    pending = undefined;
    release?.();
  };
  let holds = 0;
  return (release) => {
    pending = release;
    const hold = ++holds;
    if (timer === undefined) timer = setTimeout(fire, HOLD_MS).unref();
    else timer.refresh();
    return () => {
      if (holds === hold) pending = undefined;
    };
  };
}

/**
 * A connection's turns to start requests and run statements, and the sending of their answers.
 * Answers leave together, in one write to `wire` (one system call, not one each): it is corked at
 * the first answer and uncorked once the tick's promise jobs ran (process.nextTick), unless
 * requests the client sent with them still run (@libsql/client sends a statement as open_stream,
 * execute and close_stream at once): then the answers wait for theirs, HOLD_MS at most.
 */
export function answerFlow(socket: FlowSocket, maxUnsentBytes = MAX_UNSENT_BYTES, wire?: Corkable, hold: Hold = connectionHold()) {
  let unsent = 0;
  let corked = false;
  let corkedBytes = 0;
  let tickEnding = false;
  let cancelHold: (() => void) | undefined;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    corkedBytes = 0;
    cancelHold?.();
    cancelHold = undefined;
    wire!.uncork();
  };
  const endOfTick = () => {
    tickEnding = false;
    if (corked && outstanding > 0 && corkedBytes <= HOLD_BYTES && socket.readyState === socket.OPEN) cancelHold ??= hold(uncork);
    else uncork();
  };
  const uncorkAfterTick = () => {
    if (tickEnding) return;
    tickEnding = true;
    process.nextTick(endOfTick);
  };
  let running = 0;
  let outstanding = 0;
  const turns: (() => void)[] = [];
  const rooms: (() => void)[] = [];
  let held = false;
  let paused = false;
  // A socket that is closing or closed holds nothing back: what waits runs, finds its streams closed, and ends them.
  const isOver = () => socket.readyState === socket.OPEN && unsent > maxUnsentBytes;
  const update = () => {
    const over = isOver();
    while (!over && turns.length > 0 && running < MAX_RUNNING_PER_CONNECTION) {
      running++;
      turns.shift()!();
    }
    while (!over && rooms.length > 0) rooms.shift()!();
    const pause = over || outstanding >= MAX_OUTSTANDING;
    if (pause !== paused) {
      paused = pause;
      if (pause) socket.pause();
      else socket.resume();
    }
    // Reported once each time the connection starts holding back because the client does not read.
    if (over && !held && backpressure.hasSubscribers) backpressure.publish({ unsentBytes: unsent });
    held = over;
  };
  socket.once('close', () => {
    uncork();
    update();
  });
  return {
    /** A request came in: resolves when it may start. */
    turn: () =>
      new Promise<void>((resolve) => {
        outstanding++;
        turns.push(resolve);
        update();
      }),
    /** Before a statement runs: resolves once the client has read enough of its answers. */
    room: (): Promise<void> | undefined =>
      isOver()
        ? new Promise<void>((resolve) => {
            rooms.push(resolve);
            update();
          })
        : undefined,
    send(message: unknown) {
      if (socket.readyState !== socket.OPEN) return;
      // Bytes, not text: `ws` holds a Buffer without copying it, and no string of the answer stays alive.
      // A message whose JSON text was written already (its rows, on the SQL thread) is sent as that text.
      const known = knownJsonText(message);
      const data = known instanceof Uint8Array ? Buffer.from(known.buffer, known.byteOffset, known.byteLength) : Buffer.from(known ?? JSON.stringify(message));
      const bytes = data.length;
      unsent += bytes;
      if (wire) {
        if (!corked) wire.cork();
        corked = true;
        corkedBytes += bytes;
        uncorkAfterTick();
      }
      socket.send(data, { binary: false }, () => {
        unsent -= bytes;
        update();
      });
      update();
    },
    /** A request's answer was handed over: the next may start. */
    finished() {
      running--;
      outstanding--;
      update();
      if (corked) uncorkAfterTick();
    },
    /** Bytes handed to the socket and not yet written out (for tests). */
    unsentBytes: () => unsent,
  };
}
