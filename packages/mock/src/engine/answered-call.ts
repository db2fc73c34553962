// What the engine tells the journal of each call it answered (journal/recorder.ts records it):
// the request as read, what it and its answer broke of the contract, the status and the fault;
// and of each WebSocket message an area answered.
import type { MockRequest, Violation } from './area.ts';
import type { CompiledOperation } from './contract.ts';
import type { ActiveFault } from './faults.ts';
import type { IncomingRequest } from './request.ts';

/** One answered request as the engine saw it: for the journal, coverage and violations (journal/recorder.ts). */
export interface AnsweredCall {
  /** The namespace it belongs to: its credential's, else an access key it carries, else `default`. */
  namespace: string;
  /** When it arrived, on the namespace's clock. */
  time: number;
  incoming: IncomingRequest;
  operation?: CompiledOperation;
  /** The request as read (parameters, parsed body), when it was read. */
  request?: MockRequest;
  /** The body's bytes as the engine decoded them (UTF-8), when it did: the recorder keeps this text rather than decoding them again. */
  bodyText?: string;
  /** What the request broke of the contract (locations without the `request` prefix): also no operation at its path, no credential. */
  requestViolations: Violation[];
  /** What the answer broke of the contract (locations start with `response`). */
  answerViolations: Violation[];
  status: number;
  fault?: ActiveFault;
}

/** What the engine learns about a call while answering it: the call the journal is told of, filled in as it is answered (one object, one shape). */
export type Trace = Omit<AnsweredCall, 'namespace'> & { namespace?: string };

export const newTrace = (incoming: IncomingRequest, arrived: number): Trace => ({
  namespace: undefined,
  time: arrived,
  incoming,
  operation: undefined,
  request: undefined,
  bodyText: undefined,
  requestViolations: [],
  answerViolations: [],
  status: 0,
  fault: undefined,
});

/** One WebSocket message an area answered, recorded through its upgrade's `record` (see AreaUpgrade). */
export interface AnsweredMessage {
  namespace: string;
  time: number;
  area: string;
  rawPath: string;
  message: unknown;
  error?: { message: string; code?: string };
}
