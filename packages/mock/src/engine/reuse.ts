// Answers kept per state version: a GET answered by its area's handler is answered again with the
// same checked answer while its namespace's state is unchanged, instead of running the handler,
// writing its JSON and validating it again. The answer was validated when it was made, for
// exactly that state. What may reuse one, and when it is forgotten:
// - only a GET with no body, to a handler of an area that changes state only through its
//   handlers (no `protocol.upgrade`, no `protocol.namespaceOf`: the engine sees every write), whose answer broke
//   nothing, and whose handler read neither the clock's time (`now()`) nor another namespace's
//   state; its checks of the clock (`reached(time)`) are kept with it, and it is given again only
//   while each gives the same result;
// - keyed by operation, path, query and every request header (the handler sees them all; the kept
//   one's header names listed once);
// - every handler call that is not such a read is a write: while one is in flight in a namespace
//   nothing of it is kept or reused, and its start and its end each forget what the namespace
//   kept; so does a write's reach into another namespace (`stateOf`) for that namespace;
// - an answer is kept only if no write started or ended while it was made, and only for the
//   state object it was made from: a reset, an import or a namespace dropped from the cap gives
//   the area a new state object, and what was kept for the old one is never reused.
// The rule areas keep (area.ts): a GET handler answers from its request, its state and its clock
// alone (no randomness, no time but the clock's) and changes nothing.
import { type EngineAnswer, keptFrozen } from './answer.ts';
import type { Clock, MockRequest } from './area.ts';
import type { CompiledOperation } from './contract.ts';
import { oldestKeyOf } from './oldest-key.ts';
import type { IncomingRequest } from './request.ts';

/** A kept answer: the request it answered (besides its key) and the state it was made from. */
interface Kept {
  operation: CompiledOperation;
  state: unknown;
  /** The handler's checks of the clock: [time, whether the clock had reached it]. */
  checks: ClockCheck[];
  method: string;
  query: IncomingRequest['query'];
  /** The request's header names and their values, listed once when kept. */
  headerNames: string[];
  headerValues: string[];
  answer: EngineAnswer;
  /** What `find` gives for it, made once. */
  found: KeptAnswer;
}

/**
 * A kept answer and the request it answered as read (its path parameters decoded, no violation):
 * a request `find` matches has the same method, path, query and headers, so it reads and validates
 * the same (the answering path gives the journal this one rather than reading it again).
 */
export interface KeptAnswer {
  answer: EngineAnswer;
  request: MockRequest;
}

interface Space {
  /** Writes in flight. */
  writing: number;
  /** Moves at each write's start and end: a read made across a move is not kept. */
  epoch: number;
  kept: Map<string, Kept>;
  bytes: number;
  /** Forgotten beyond the namespaces' cap: nothing more is kept in it. */
  dropped: boolean;
}

export type ClockCheck = [time: number, reached: boolean];

/**
 * The clock a read's handler is given: `reached(time)` checks are noted in `checks`, and any other
 * use of the clock (its time) calls `onTime` (the answer is then not kept).
 */
export function watchedClock(clock: Pick<Clock, 'now'>, checks: ClockCheck[], onTime: () => void): Clock {
  return {
    now() {
      onTime();
      return clock.now();
    },
    reached(time: number) {
      const reached = clock.now() >= time;
      checks.push([time, reached]);
      return reached;
    },
  };
}

/** What a read that may be kept takes with it while its handler runs. */
export interface ReuseTicket {
  space: Space;
  epoch: number;
  key: string;
  state: unknown;
}

/** Kept answers per namespace at most (the oldest forgotten first), and their text's length. */
const MAX_KEPT_PER_NAMESPACE = 64;
const MAX_BYTES_PER_NAMESPACE = 1024 * 1024;

/** The answers kept for reads, for up to `maxNamespaces` namespaces (the least recently kept forgotten first). */
export function createAnswerReuse(maxNamespaces: number) {
  const spaces = new Map<string, Space>();
  const oldestSpace = oldestKeyOf(spaces);
  const spaceOf = (namespace: string): Space => {
    let space = spaces.get(namespace);
    if (space) return space;
    space = { writing: 0, epoch: 0, kept: new Map(), bytes: 0, dropped: false };
    spaces.set(namespace, space);
    // A space with a write in flight is kept: the write's end must find it.
    // The oldest first, through one kept iterator (oldest-key.ts); one passed over (a write in flight) is met again when the iterator starts anew.
    for (let looked = spaces.size; spaces.size > maxNamespaces && looked > 0; looked--) {
      const name = oldestSpace()!;
      const held = spaces.get(name)!;
      if (held.writing > 0 || name === namespace) continue;
      spaces.delete(name);
      held.dropped = true;
    }
    return space;
  };
  const forget = (space: Space) => {
    space.epoch++;
    if (space.kept.size > 0) space.kept.clear();
    space.bytes = 0;
  };

  return {
    /** A write starts in the namespace: what it kept is forgotten, nothing is kept or reused until `end` (call it once, when the write settled). */
    write(namespace: string): () => void {
      const space = spaceOf(namespace);
      space.writing++;
      forget(space);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        space.writing--;
        forget(space);
      };
    },

    /**
     * The kept answer to this request for this state, or a ticket to keep the answer about to be
     * made (undefined while a write is in flight). `time`: the namespace's clock at the request's
     * arrival, when the caller read it already (else the clock is read, once).
     */
    find(
      namespace: string,
      operation: CompiledOperation,
      incoming: IncomingRequest,
      state: unknown,
      clock: Pick<Clock, 'now'>,
      time?: number,
    ): (KeptAnswer & { ticket?: undefined }) | { answer?: undefined; ticket: ReuseTicket | undefined } {
      const space = spaceOf(namespace);
      if (space.writing > 0) return { ticket: undefined };
      // Keyed by the path alone (a fresh key string would be hashed anew at each read): a GET's path leads to one operation, which the entry names.
      const key = incoming.rawPath;
      const kept = space.kept.get(key);
      if (
        kept &&
        kept.operation === operation &&
        kept.state === state &&
        kept.method === incoming.method &&
        sameRecord(kept.query, incoming.query) &&
        sameHeaders(kept.headerNames, kept.headerValues, incoming.headers) &&
        sameClock(kept.checks, clock, time)
      )
        return kept.found;
      return { ticket: { space, epoch: space.epoch, key, state } };
    },

    /** Keeps a checked answer, unless a write started or ended since the ticket was taken (the answer may be of no single state). */
    keep(ticket: ReuseTicket, operation: CompiledOperation, incoming: IncomingRequest, request: MockRequest, answer: EngineAnswer, checks: ClockCheck[]) {
      const { space } = ticket;
      if (space.epoch !== ticket.epoch || space.writing > 0 || space.dropped) return;
      const bytes = answer.text?.length ?? 0;
      if (bytes > MAX_BYTES_PER_NAMESPACE) return;
      const previous = space.kept.get(ticket.key);
      if (previous) {
        space.kept.delete(ticket.key);
        space.bytes -= previous.answer.text?.length ?? 0;
      }
      while (space.kept.size >= MAX_KEPT_PER_NAMESPACE || (space.kept.size > 0 && space.bytes + bytes > MAX_BYTES_PER_NAMESPACE)) {
        const [oldest, dropped] = space.kept.entries().next().value!;
        space.kept.delete(oldest);
        space.bytes -= dropped.answer.text?.length ?? 0;
      }
      Object.freeze(answer.headers);
      keptFrozen(answer);
      space.kept.set(ticket.key, {
        operation,
        state: ticket.state,
        checks,
        method: incoming.method,
        query: incoming.query,
        headerNames: Object.keys(incoming.headers),
        headerValues: Object.values(incoming.headers),
        answer,
        found: { answer, request },
      });
      space.bytes += bytes;
    },

    /** Forgets every namespace's kept answers (the engine's tests; a reset needs not: its new state objects are never those answers' states). */
    clear() {
      for (const space of spaces.values()) forget(space);
    },
  };
}

export type AnswerReuse = ReturnType<typeof createAnswerReuse>;

/** Whether the clock gives each kept check of it the same result, at `time` (else read once, when there is a check). */
function sameClock(checks: readonly ClockCheck[], clock: Pick<Clock, 'now'>, time?: number): boolean {
  if (checks.length === 0) return true;
  const now = time ?? clock.now();
  for (const [at, reached] of checks) if (now >= at !== reached) return false;
  return true;
}

/** Whether a request's headers are those named (with these values), and no other. */
function sameHeaders(names: readonly string[], values: readonly string[], headers: Record<string, string>): boolean {
  for (let i = 0; i < names.length; i++) if (headers[names[i]!] !== values[i]) return false;
  let count = 0;
  for (const _ in headers) count++;
  return count === names.length;
}

/** Whether two queries (a value, one or a list, by name) are the same. */
function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (a === b) return true;
  let count = 0;
  for (const name in a) {
    count++;
    const left = a[name];
    const right = b[name];
    if (left === right) continue;
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length || left.some((item, i) => item !== right[i])) return false;
  }
  for (const _ in b) count--;
  return count === 0;
}
