// The fetch a scenario's clients are given: each exchange passed on to the target's fetch, and
// kept as it went (request and answer text).
import type { RawExchange } from './cassette.ts';

/** A Headers' entries as a record, names lower-cased. */
export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = value;
  });
  return record;
}

export function capturingFetch(inner: typeof globalThis.fetch, exchanges: RawExchange[]): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.clone().text() : '';
    const response = await inner(request);
    const answerText = await response.clone().text();
    const url = new URL(request.url);
    exchanges.push({
      method: request.method,
      target: `${url.pathname}${url.search}`,
      headers: headerRecord(request.headers),
      body,
      status: response.status,
      answerHeaders: headerRecord(response.headers),
      answerText,
    });
    return response;
  };
}
