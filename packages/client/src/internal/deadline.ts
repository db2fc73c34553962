// A call's time limit (`timeoutMs`), as an AbortSignal combined with the caller's own; loaded by a
// client's first call with a time limit (`import()`).

/** A call's time limit, combined with the caller's own signal. Call `clear()` once the call is over. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly timedOut: boolean;
  clear(): void;
}

export function startDeadline(timeoutMs: number | false | undefined, outer: AbortSignal | null | undefined): Deadline | undefined {
  if (!timeoutMs) return undefined;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}
