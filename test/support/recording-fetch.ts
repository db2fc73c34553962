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
