// A call's own setup, loaded by a client's first call that needs one (`import()`): its time limit
// (the client's or its own `timeoutMs`), its own retries, and real Requests for middleware. A call
// with none of these gives openapi-fetch its options as they are (typed-client.ts).
import { type Deadline, startDeadline } from './deadline.js';
import type { RequestFetch, RetrySetting } from './transport.js';

/** openapi-fetch's options for a call, with the deadline to clear once it is over. */
export interface CallSetup {
  options: Record<string, unknown> | undefined;
  deadline?: Deadline | undefined;
  timeoutMs?: number | false | undefined;
}

/** `retrying` makes the client's fetch with the call's retries (passed in: this module shares no code with the up-front bundle). */
export function setUpCall(
  init: Record<string, unknown> | undefined,
  clientTimeout: number | false | undefined,
  withMiddleware: boolean,
  retrying: (setting: RetrySetting) => RequestFetch,
): CallSetup {
  const { timeoutMs = clientTimeout, retry, ...options } = (init ?? {}) as Record<string, unknown> & { timeoutMs?: number | false; retry?: RetrySetting };
  const deadline = startDeadline(timeoutMs, options.signal as AbortSignal | undefined);
  if (deadline) options.signal = deadline.signal;
  if (retry !== undefined) options.fetch = retrying(retry);
  if (withMiddleware || options.middleware) options.Request = globalThis.Request; // middleware expects real Requests
  return { options, deadline, timeoutMs };
}
