// What every door hands the mock and gets back, and what the request log reads: the types the
// doors, the proxy and the mock's handler share.
import type { ServedOperation } from '../engine/answer.ts';
import type { NetworkFault } from '../engine/faults.ts';

export interface RequestLogEntry {
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  path: string;
  status: number;
  operation?: ServedOperation;
  violations: { location: string[]; message: string; severity: string }[];
  ms: number;
}

/** A request as a door hands it over: the request target as sent (path and query), header names in lower case. */
export interface DoorRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** An answer ready to send: the body already serialized, its length set. */
export interface DoorAnswer {
  status: number;
  headers: Record<string, string>;
  /** Text; a proxied answer's bytes as they came (see proxy/). */
  body?: string | Uint8Array<ArrayBuffer>;
  /** For the request log. */
  operation?: ServedOperation;
  violations: RequestLogEntry['violations'];
  /** A network fault the door plays: drop the connection (`reset`), never answer (`hang`), or cut the body short (`truncate`). */
  network?: NetworkFault;
}
