// The one place where a proxied exchange is reported: an HTTP call forwarded and answered, an
// upgrade forwarded (or refused), a message of an upgraded connection. The drift report, the
// recorder and any other observer (a request journal) subscribe here; nothing else is told.
// An exchange holds no headers and no secret: its examples are redacted before it is made.
import type { ServedOperation } from '../engine/answer.ts';
import type { ReadAnswer } from './checks.ts';
import type { ContractViolation } from './contract-locations.ts';

export interface ProxiedExchange {
  /** When the request arrived (ISO 8601). */
  time: string;
  kind: 'http' | 'upgrade' | 'message';
  area: string;
  /** The operation the call routed to; undefined for upgrades and their messages. */
  operation?: ServedOperation;
  /** The request: method and target (secret query values and credentials redacted). */
  request: { method: string; target: string };
  /** The upstream's status (101 for an upgrade it accepted), or the proxy's own when it refused or failed (see `refused`). */
  status: number;
  /** Every violation, request and answer (or message), placed in the contract; their values redacted. */
  violations: ContractViolation[];
  /** `x-assumed` elements the answer exercised without contradicting them. */
  confirmed: string[];
  /** Whether the contract documents the upstream's status; undefined when the proxy answered itself. */
  documented?: boolean;
  /** Why the proxy answered itself instead of the upstream: a refused redirect, a timeout, an unreachable upstream. */
  refused?: string;
  /** For a message: who sent it. */
  from?: 'client' | 'upstream';
  /** The upstream's answer, read and redacted (HTTP calls only), for recordings. */
  answer?: ReadAnswer;
  /** Time from the request to the upstream's whole answer. */
  ms: number;
}

export type ExchangeListener = (exchange: ProxiedExchange) => void;

export function createExchangeReporter() {
  const listeners = new Set<ExchangeListener>();
  return {
    /** Reports one exchange to every listener. */
    report(exchange: ProxiedExchange) {
      for (const listener of listeners) listener(exchange);
    },
    /** Adds a listener; the function returned removes it. */
    listen(listener: ExchangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
