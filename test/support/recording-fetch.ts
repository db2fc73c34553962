/** A fetch that records one request header of every call before sending it on. */
export function recordingFetch(header: string) {
  const seen: (string | null)[] = [];
  const fetchAndRecord = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.headers.get(header));
    return fetch(request);
  };
  return { fetch: fetchAndRecord, seen };
}
