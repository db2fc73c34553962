// A read that may be kept (reuse.ts), looked for before its request is read: a kept answer
// answered a request of the same method, path, query and headers, which read and validated without
// a violation (or it would not have been kept), as this one does; the journal is given that
// request as it was read. The clock's checks are judged at the time read at the arrival (for the
// journal) where nothing waited since (a fault's latency): the clock is not read again.
import type { Trace } from './answered-call.ts';
import type { CompiledOperation } from './contract.ts';
import type { MockClock, NamespaceClocks, Namespaces } from './namespaces.ts';
import type { IncomingRequest } from './request.ts';
import type { AnswerReuse } from './reuse.ts';

/** What it reads of the engine's core (answering.ts). */
interface KeptReadCore {
  reuse?: AnswerReuse;
  clocks: NamespaceClocks;
  clock: MockClock;
  namespaces: Namespaces;
  onAnswered?: unknown;
}

/** The kept answer, else the ticket to keep the answer about to be made; undefined where none is kept (no reuse, a body). */
export function findKept(
  core: KeptReadCore,
  incoming: IncomingRequest,
  operation: CompiledOperation,
  namespace: string,
  trace: Trace,
): ReturnType<AnswerReuse['find']> | undefined {
  if (core.reuse === undefined || incoming.body !== undefined) return undefined;
  const clock = core.clocks.of(namespace);
  // The arrival on the namespace's clock, as the journal is told it (answering.ts, told).
  const time = core.onAnswered && trace.fault === undefined ? trace.time + clock.offsetMs - core.clock.offsetMs : undefined;
  const found = core.reuse.find(namespace, operation, incoming, core.namespaces.stateOf(namespace, operation.area), clock, time);
  if (found.answer) trace.request = found.request;
  return found;
}
