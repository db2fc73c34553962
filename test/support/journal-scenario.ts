// One scenario of requests for the request journal's tests, sent through any door (any fetch at any
// base URL) with an access key: a create, a refused body, a query, a faulted read (when the test
// sets the fault), a path no operation has, a method the path lacks, another create. The journal's
// entries for it are compared door against door (test/mock/journal/, test/mock/doors/doors.test.ts).
const json = { 'content-type': 'application/json' };

export async function journalScenario(fetch: typeof globalThis.fetch, base: string, accessKey: string): Promise<void> {
  const send = (target: string, init: RequestInit = {}) =>
    fetch(`${base}${target}`, { ...init, headers: { AccessKey: accessKey, ...(init.headers as Record<string, string>) } });
  await send('/library/42/videos', { method: 'POST', headers: json, body: JSON.stringify({ title: 'Keynote', thumbnailTime: 1500 }) });
  await send('/library/42/videos', { method: 'POST', headers: json, body: JSON.stringify({ title: 7 }) });
  await send('/library/42/collections?page=2&itemsPerPage=5&orderBy=date');
  await send('/shield/shield-zones?page=1');
  await send('/library/42/vidoes');
  await send('/storagezone', { method: 'DELETE' });
  await send('/library/42/collections', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Talks' }) });
}
