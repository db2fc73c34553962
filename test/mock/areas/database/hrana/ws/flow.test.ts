// Back-pressure of a Hrana WebSocket connection (hrana-ws-flow.ts), on a stand-in socket whose
// client reads only when the test says: the bytes buffered for a client that does not read stay
// within MAX_UNSENT_BYTES and one answer, no statement runs and no request is read meanwhile, and
// everything resumes in order once it reads (or the socket closes). Counted, not timed.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  answerFlow,
  type FlowSocket,
  HOLD_BYTES,
  HOLD_MS,
  MAX_OUTSTANDING,
  MAX_RUNNING_PER_CONNECTION,
  MAX_UNSENT_BYTES,
} from '../../../../../../packages/mock/src/areas/database/hrana/ws/flow.ts';

const OPEN = 1;
const CLOSED = 3;

/** A socket whose writes stay unsent until `read()` (the client reads one answer); counts pauses. */
function standIn() {
  const unread: (() => void)[] = [];
  let onClose: (() => void) | undefined;
  const socket = {
    OPEN,
    readyState: OPEN,
    reading: true,
    pause() {
      socket.reading = false;
    },
    resume() {
      socket.reading = true;
    },
    once(event: string, listener: () => void) {
      if (event === 'close') onClose = listener;
      return socket;
    },
    send(_data: Buffer, _options: { binary: false }, written: () => void) {
      unread.push(written);
    },
  };
  return {
    socket: socket as typeof socket & FlowSocket,
    read: () => unread.shift()?.(),
    unread: () => unread.length,
    close() {
      socket.readyState = CLOSED;
      onClose?.();
    },
  };
}

const settle = async () => {
  for (let step = 0; step < 10; step++) await Promise.resolve();
};
/** An answer of about `bytes` bytes of JSON. */
const answerOf = (bytes: number) => ({ type: 'response_ok', response: 'x'.repeat(bytes) });

/** One stream's requests as hrana-ws.ts runs them: a turn, the stream's order, room, the statement, the answer. */
function oneStream(flow: ReturnType<typeof answerFlow>, answerBytes: number) {
  let queue = Promise.resolve();
  const counts = { ran: 0, answered: 0 };
  const request = () => {
    void flow.turn().then(() => {
      queue = queue.then(async () => {
        await flow.room();
        counts.ran++;
        flow.send(answerOf(answerBytes));
        counts.answered++;
        flow.finished();
      });
    });
  };
  return { counts, request };
}

describe('a connection whose client does not read', () => {
  const ANSWER = 5 * 1024 * 1024;
  const SENT = 8;

  it(`runs no statement once ${MAX_UNSENT_BYTES} bytes wait unread, stops reading requests, and runs the rest in order once the client reads`, async () => {
    const { socket, read, unread } = standIn();
    const flow = answerFlow(socket);
    const { counts, request } = oneStream(flow, ANSWER);
    for (let sent = 0; sent < SENT; sent++) request();
    await settle();
    // The first answer alone passes the bound: nothing more runs, nothing more is read.
    expect(counts.ran).toBe(Math.floor(MAX_UNSENT_BYTES / ANSWER) + 1);
    expect(flow.unsentBytes()).toBeLessThanOrEqual(MAX_UNSENT_BYTES + ANSWER + 64);
    expect(socket.reading).toBe(false);
    for (let more = 0; more < 100; more++) await settle();
    expect(counts.ran).toBe(Math.floor(MAX_UNSENT_BYTES / ANSWER) + 1);
    // The client reads: one more statement per answer read, until all are answered.
    for (let reads = 0; reads < SENT; reads++) {
      const before = counts.ran;
      read();
      await settle();
      expect(counts.ran - before).toBeLessThanOrEqual(1);
      expect(flow.unsentBytes()).toBeLessThanOrEqual(MAX_UNSENT_BYTES + ANSWER + 64);
    }
    expect(counts.answered).toBe(SENT);
    while (unread() > 0) read();
    expect(flow.unsentBytes()).toBe(0);
    expect(socket.reading).toBe(true);
  });

  it('lets everything waiting run when the socket closes (their streams end, none is left holding a lock)', async () => {
    const { socket, close } = standIn();
    const flow = answerFlow(socket);
    const { counts, request } = oneStream(flow, ANSWER);
    for (let sent = 0; sent < 10; sent++) request();
    await settle();
    expect(counts.ran).toBe(1);
    close();
    for (let more = 0; more < 10; more++) await settle();
    expect(counts.ran).toBe(10);
  });

  it(`stops reading at ${MAX_OUTSTANDING} unanswered requests and runs at most ${MAX_RUNNING_PER_CONNECTION} at once`, async () => {
    const { socket } = standIn();
    const flow = answerFlow(socket);
    const started: number[] = [];
    for (let sent = 0; sent < MAX_OUTSTANDING; sent++) void flow.turn().then(() => started.push(sent));
    await settle();
    expect(started).toHaveLength(MAX_RUNNING_PER_CONNECTION);
    expect(socket.reading).toBe(false);
    flow.finished();
    await settle();
    expect(started).toHaveLength(MAX_RUNNING_PER_CONNECTION + 1);
    expect(socket.reading).toBe(true);
  });

  it('never holds more than its bound and one answer, whatever the sizes and the reads (fast-check; a bound of 1,000 bytes)', async () => {
    const BOUND = 1000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant('read' as const), fc.integer({ min: 1, max: 3 * BOUND })), { minLength: 1, maxLength: 30 }),
        async (script) => {
          const { socket, read, unread } = standIn();
          const flow = answerFlow(socket, BOUND);
          let queue = Promise.resolve();
          let largest = 0;
          let ran = 0;
          /** Unread bytes when a statement started past the bound (none may). */
          const startedOver: number[] = [];
          for (const step of script) {
            if (step === 'read') read();
            else
              void flow.turn().then(() => {
                queue = queue.then(async () => {
                  await flow.room();
                  if (flow.unsentBytes() > BOUND) startedOver.push(flow.unsentBytes());
                  ran++;
                  largest = Math.max(largest, step);
                  flow.send(answerOf(step));
                  flow.finished();
                });
              });
            await settle();
            expect(flow.unsentBytes()).toBeLessThanOrEqual(BOUND + largest + 64);
          }
          const requests = script.filter((step) => step !== 'read').length;
          // Each read frees at most one answer: as many reads as requests (and a settle each) drain everything.
          for (let reads = 0; reads <= requests && (unread() > 0 || ran < requests); reads++) {
            read();
            await settle();
          }
          expect(startedOver).toEqual([]);
          expect(ran).toBe(requests);
          expect(flow.unsentBytes()).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("a tick's answers", () => {
  /** The connection's byte stream: what each send did, in order, between corks. */
  function wire() {
    const events: string[] = [];
    let corks = 0;
    return {
      events,
      corks: () => corks,
      cork() {
        corks++;
        events.push('cork');
      },
      uncork() {
        corks--;
        events.push('uncork');
      },
    };
  }

  it('leave in one write: sent in one tick, they are handed to a corked socket, uncorked once the tick is over; the next tick writes apart', async () => {
    const { socket } = standIn();
    const bytes = wire();
    const sent = socket.send.bind(socket);
    socket.send = (data, options, written) => {
      bytes.events.push(`send ${bytes.corks()}`);
      sent(data, options, written);
    };
    const flow = answerFlow(socket, MAX_UNSENT_BYTES, bytes);
    // A statement's result and its stream's close answered in the same tick (promise jobs), then another answer a tick later.
    flow.send(answerOf(10));
    await Promise.resolve();
    flow.send(answerOf(10));
    expect(bytes.events).toEqual(['cork', 'send 1', 'send 1']);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(bytes.events).toEqual(['cork', 'send 1', 'send 1', 'uncork']);
    await new Promise((resolve) => setImmediate(resolve));
    flow.send(answerOf(10));
    await new Promise((resolve) => process.nextTick(resolve));
    expect(bytes.events.slice(4)).toEqual(['cork', 'send 1', 'uncork']);
    expect(bytes.corks()).toBe(0);
  });

  /** A flow on a counting wire whose holds are released only when the test says (no timer). */
  function holding() {
    const { socket } = standIn();
    const bytes = wire();
    const holds: { release: () => void; cancelled: boolean }[] = [];
    const flow = answerFlow(socket, MAX_UNSENT_BYTES, bytes, (release) => {
      const hold = { release, cancelled: false };
      holds.push(hold);
      return () => {
        hold.cancelled = true;
      };
    });
    const tickOver = () => new Promise((resolve) => setImmediate(resolve));
    return { flow, bytes, holds, tickOver };
  }

  /** A statement's two requests begin (open_stream, then execute); open_stream's answer is sent while the execute still runs. */
  async function firstOfTwoAnswered(flow: ReturnType<typeof answerFlow>, tickOver: () => Promise<unknown>, size = 10): Promise<void> {
    await flow.turn();
    await flow.turn();
    flow.send(answerOf(size));
    flow.finished();
    await tickOver();
  }

  it("wait for the answers of the requests still running (a statement's open_stream for its execute), then leave together", async () => {
    const { flow, bytes, holds, tickOver } = holding();
    await flow.turn(); // open_stream
    const execute = flow.turn();
    await execute;
    flow.send(answerOf(10));
    flow.finished();
    await tickOver();
    // The execute still runs: the open_stream's answer waits, corked, under a hold.
    expect(bytes.events).toEqual(['cork']);
    expect(holds).toHaveLength(1);
    flow.send(answerOf(10));
    flow.finished();
    await tickOver();
    expect(bytes.events).toEqual(['cork', 'uncork']);
    expect(holds[0]!.cancelled).toBe(true);
  });

  it('leave when the hold is over, even while a request still runs', async () => {
    const { flow, bytes, holds, tickOver } = holding();
    await firstOfTwoAnswered(flow, tickOver);
    expect(bytes.corks()).toBe(1);
    holds[0]!.release();
    expect(bytes.events).toEqual(['cork', 'uncork']);
    // The running request's answer, later, leaves at the end of its own tick.
    flow.send(answerOf(10));
    flow.finished();
    await tickOver();
    expect(bytes.events).toEqual(['cork', 'uncork', 'cork', 'uncork']);
    expect(holds).toHaveLength(1);
  });

  const realSetTimeout = globalThis.setTimeout;
  it("hold on one timer of the connection's: a hundred held statements make one timer, re-armed, and clear none; a hold not ended by an answer still ends in its time", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const made = vi.spyOn(globalThis, 'setTimeout');
      const cleared = vi.spyOn(globalThis, 'clearTimeout');
      const { socket } = standIn();
      const bytes = wire();
      const flow = answerFlow(socket, MAX_UNSENT_BYTES, bytes);
      const tickOver = () => new Promise((resolve) => process.nextTick(resolve));
      for (let statement = 0; statement < 100; statement++) {
        await firstOfTwoAnswered(flow, tickOver);
        expect(bytes.corks()).toBe(1);
        flow.send(answerOf(10));
        flow.finished();
        await tickOver();
        expect(bytes.corks()).toBe(0);
      }
      expect(bytes.events).toEqual(Array.from({ length: 100 }, () => ['cork', 'uncork']).flat());
      expect(made).toHaveBeenCalledTimes(1);
      expect(cleared).not.toHaveBeenCalled();
      // The timer, re-armed, ends a hold that no answer ends.
      await firstOfTwoAnswered(flow, tickOver);
      expect(bytes.corks()).toBe(1);
      vi.advanceTimersByTime(HOLD_MS);
      expect(bytes.corks()).toBe(0);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      // The spies first: restored after useRealTimers, they would put the fake timers back for every later file of this worker.
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
    expect(globalThis.setTimeout).toBe(realSetTimeout);
  });

  it(`never wait when they pass ${HOLD_BYTES} bytes, nor once the socket closed`, async () => {
    const { flow, bytes, holds, tickOver } = holding();
    await firstOfTwoAnswered(flow, tickOver, HOLD_BYTES + 1);
    expect(bytes.events).toEqual(['cork', 'uncork']);
    expect(holds).toHaveLength(0);

    const { socket, close } = standIn();
    const closing = wire();
    const held = answerFlow(socket, MAX_UNSENT_BYTES, closing, () => () => {});
    await firstOfTwoAnswered(held, tickOver);
    expect(closing.events).toEqual(['cork']);
    close();
    expect(closing.events).toEqual(['cork', 'uncork']);
  });
});
