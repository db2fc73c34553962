// The fetch door: a standard Request in, a standard Response out, no socket. Network faults are
// played as fetch itself shows them: a reset connection rejects with a TypeError whose cause has
// the code ECONNRESET (as undici's "fetch failed"), a hung call waits until its signal aborts (or
// the mock closes), and a truncated body errors halfway through reading it.
import type { DoorAnswer, DoorRequest } from './mock.ts';

export interface FetchDoor {
  fetch: typeof globalThis.fetch;
  /** Ends the calls still hung by a fault (they reject), when the mock closes. */
  close(): void;
}

const connectionReset = () => new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET (a network fault of the platform mock)'), { code: 'ECONNRESET' }) });

export function createFetchDoor(handle: (request: DoorRequest) => Promise<DoorAnswer>): FetchDoor {
  const hung = new Set<(error: Error) => void>();
  let closed = false;

  /** Waits until the request is aborted (its reason is thrown) or the mock closes. */
  function hang(signal: AbortSignal): Promise<never> {
    return new Promise((_resolve, reject) => {
      if (closed) return reject(connectionReset());
      const end = (error: Error) => {
        hung.delete(end);
        signal.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => end(signal.reason as Error);
      hung.add(end);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    const url = new URL(request.url);
    const headers: Record<string, string> = { host: url.host };
    request.headers.forEach((value, name) => (headers[name] = value));
    const bytes = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await handle({ method: request.method.toUpperCase(), target: url.pathname + url.search, headers, body: bytes });
    request.signal.throwIfAborted();
    if (answer.network === 'reset') throw connectionReset();
    if (answer.network === 'hang') return hang(request.signal);
    const noBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    const body = noBody ? null : (answer.body ?? null);
    if (answer.network === 'truncate') return new Response(truncated(body ?? ''), { status: answer.status, headers: answer.headers });
    return new Response(body, { status: answer.status, headers: answer.headers });
  };

  return {
    fetch,
    close() {
      closed = true;
      for (const end of [...hung]) end(connectionReset());
    },
  };
}

/** A body that sends its first half, then fails as a connection closed mid-body does. */
function truncated(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)));
        return;
      }
      controller.error(new TypeError('terminated', { cause: Object.assign(new Error('other side closed (a network fault of the platform mock)'), { code: 'UND_ERR_SOCKET' }) }));
    },
  });
}
