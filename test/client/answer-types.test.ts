// Which success answers the client parses as JSON: the JSON media types (`application/json`,
// `text/json`, `application/<name>+json`), with parameters or not, in any case; any other type
// comes back as its text. One table, accepted and refused cases alike.
import { createVideoClient } from '@platform-contracts/client/video';
import { describe, expect, it } from 'vitest';

const BODY = '{"totalItems":0,"currentPage":1,"itemsPerPage":100,"items":[]}';

const CONTENT_TYPES: { type: string; json: boolean }[] = [
  { type: 'application/json', json: true },
  { type: 'application/json; charset=utf-8', json: true },
  { type: 'Application/JSON;charset=UTF-8', json: true },
  { type: ' application/json ', json: true },
  { type: 'text/json', json: true },
  { type: 'application/problem+json', json: true },
  { type: 'application/vnd.api+json; version=2', json: true },
  { type: 'text/plain', json: false },
  { type: 'text/plain; charset=utf-8', json: false },
  { type: 'application/jsonl', json: false },
  { type: 'application/json-seq', json: false },
  { type: 'application/x/y+json', json: false },
  { type: 'application/+json', json: false },
  { type: 'text/html', json: false },
  { type: '', json: false },
];

describe('a success answer by its Content-Type', () => {
  it.each(CONTENT_TYPES)('$type: parsed as JSON $json', async ({ type, json }) => {
    const fetch = async () => new Response(BODY, { headers: type ? { 'content-type': type } : {} });
    const client = createVideoClient({ accessKey: 'key', baseUrl: 'http://127.0.0.1:1', fetch, retry: false });
    const { data } = await client.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } });
    expect(data).toEqual(json ? JSON.parse(BODY) : BODY);
  });
});
