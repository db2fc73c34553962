// A call's own setup, loaded by a client's first call that needs one (`import()`): its time limit
// (the client's or its own `timeoutMs`), its own retries, and the call through openapi-fetch's
// client for a call with middleware or another of its options (via-client.ts, loaded by the first
// such call). A call with none of these is made
// with its options as they are (typed-client.ts, direct-call.ts).
import { type Deadline, startDeadline } from './deadline.js';
import type { RawResult } from './direct-call.js';
import type { ClientFetch, RetrySetting } from './transport.js';
import type { LazyClient } from './via-client.js';

/** openapi-fetch's options for a call, with the deadline to clear once it is over. */
export interface CallSetup {
  options: Record<string, unknown> | undefined;
  deadline?: Deadline | undefined;
  timeoutMs?: number | false | undefined;
  /** Sends the call through openapi-fetch's client, its answer read as text (for typed-client.ts to parse) unless the call sets `parseAs`. */
  send?: ((url: string) => Promise<RawResult>) | undefined;
}

/** `retrying` makes the client's fetch with the call's retries (passed in: this module shares no code with the up-front bundle). */
export function setUpCall(
  init: Record<string, unknown> | undefined,
  clientTimeout: number | false | undefined,
  retrying: (setting: RetrySetting) => ClientFetch,
  [lazy, method]: [LazyClient, string] | [] = [],
): CallSetup {
  const { timeoutMs = clientTimeout, retry, ...options } = (init ?? {}) as Record<string, unknown> & { timeoutMs?: number | false; retry?: RetrySetting };
  const deadline = startDeadline(timeoutMs, options.signal as AbortSignal | undefined);
  if (deadline) options.signal = deadline.signal;
  if (retry !== undefined) options.fetch = retrying(retry);
  const send = lazy && ((url: string) => import('./via-client.js').then((module) => module.sendViaClient(lazy, method as string, url, options)));
  return { options, deadline, timeoutMs, send };
}
