import { createVideoClient } from '@platform-contracts/client';

/** A fetch that records one request header of every call before sending it on. */
export function recordingFetch(header: string, send: typeof fetch = fetch) {
  const seen: (string | null)[] = [];
  const fetchAndRecord = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.headers.get(header));
    return send(request);
  };
  return { fetch: fetchAndRecord, seen };
}

/** A fetch that records each attempt's outcome (its status, or `network` when fetch threw), then gives it on. */
function attemptRecorder(send: typeof fetch) {
  const attempts: (number | string)[] = [];
  const recording: typeof globalThis.fetch = async (input, init) => {
    try {
      const response = await send(input, init);
      attempts.push(response.status);
      return response;
    } catch (error) {
      attempts.push('network');
      throw error;
    }
  };
  return { fetch: recording, attempts };
}

/** A video client on `baseUrl` whose attempts are recorded (retries without waits unless `retry: false`). */
export function recordedVideoClient(send: typeof fetch, baseUrl: string, accessKey: string, options: { retry?: false; timeoutMs?: number } = {}) {
  const { fetch: recording, attempts } = attemptRecorder(send);
  const client = createVideoClient({
    accessKey,
    baseUrl,
    fetch: recording,
    retry: options.retry ?? { retries: 2, baseDelayMs: 0 },
    timeoutMs: options.timeoutMs,
  });
  return { client, attempts };
}
