// What every door hands the mock and gets back, and what the request log reads: the types the
// doors, the proxy and the mock's handler share, and the handler every door takes (DoorHandler).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServedOperation } from '../engine/answer.ts';
import type { BodyLimit } from '../engine/area.ts';
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

/**
 * The one handler every door takes (the mock builds it: mock/handler.ts). A door turns what it
 * receives into a DoorRequest, and sends the DoorAnswer back as its environment does.
 */
export interface DoorHandler {
  /** Answers one request (a request the mock fails to answer is answered 500, never rejected). */
  handle(request: DoorRequest): Promise<DoorAnswer>;
  /**
   * `handle` without a promise where nothing waits, never throwing: a door that has it sends most
   * answers in the turn the request arrived. `bodyWithinLimit`: the door read the body within
   * `bodyLimit` already (it is not measured again).
   */
  handleNow?(request: DoorRequest, bodyWithinLimit?: boolean): DoorAnswer | Promise<DoorAnswer>;
  /** The largest body a request to this target may carry, and the option that sets it. */
  bodyLimit(method: string, target: string): BodyLimit;
  /** Hands a connection upgrade (WebSocket) to whoever serves its path: undefined when taken, else the refusal to write. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): DoorAnswer | undefined;
  /** The request headers the contracts name (header parameters, security schemes): what CORS preflights allow. */
  apiHeaders: string[];
}
