// The fetch door's Response for text answers (door-response.ts) keeps its text instead of making
// a stream; it must read as a standard Response does. Each case runs the same reads on both and
// compares what they give (or the error's type) and bodyUsed after each.
import { describe, expect, it } from 'vitest';
import { textResponse } from '../../../packages/mock/src/doors/fetch/door-response.ts';

type Read = (response: Response) => unknown;
const streamText = async (response: Response) => {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
  return new TextDecoder().decode(Buffer.concat(chunks));
};
const READS: Record<string, Read> = {
  text: (r) => r.text(),
  json: (r) => r.json(),
  arrayBuffer: async (r) => [...new Uint8Array(await r.arrayBuffer())],
  bytes: async (r) => [...(await r.bytes())],
  blob: async (r) => (await r.blob()).text(),
  'body stream': streamText,
  'clone, then text of both': async (r) => [await r.clone().text(), await r.text()],
  'clone, then json': (r) => r.clone().json(),
  'body is a stream': (r) => r.body instanceof ReadableStream,
};
const SEQUENCES: string[][] = [
  ...Object.keys(READS).map((read) => [read]),
  ['text', 'text'],
  ['text', 'json'],
  ['json', 'arrayBuffer'],
  ['text', 'clone, then json'],
  ['text', 'body stream'],
  ['body stream', 'text'],
  ['arrayBuffer', 'text'],
  ['body is a stream', 'text'],
  ['clone, then text of both', 'bytes'],
];
const BODIES = ['{"a":1,"b":[true,null,"ü€😀"]}', '\ufeff{"bom":true}', 'plain text, not JSON', '"lone \ud800 surrogate"', ''];

const headerList = (response: Response) => {
  const list: [string, string][] = [];
  response.headers.forEach((value, name) => list.push([name, value]));
  return list;
};

async function outcomes(response: Response, sequence: string[]) {
  const seen: unknown[] = [];
  for (const read of sequence) {
    try {
      seen.push({ value: await READS[read]!(response) });
    } catch (error) {
      seen.push({ error: (error as Error).constructor.name });
    }
    seen.push({ bodyUsed: response.bodyUsed });
  }
  return seen;
}

describe("the fetch door's Response reads as a standard Response", () => {
  const cases = BODIES.flatMap((body) => SEQUENCES.map((sequence) => [JSON.stringify(body).slice(0, 30), sequence.join(' then '), body, sequence] as const));
  it.each(cases)('%s: %s', async (_name, _reads, body, sequence) => {
    const init = { status: 201, statusText: 'Created', headers: { 'content-type': 'application/json', 'x-one': '1' } };
    const door = textResponse(body, init);
    const standard = new Response(body, init);
    expect(door).toBeInstanceOf(Response);
    expect([door.status, door.statusText, door.ok, headerList(door), door.bodyUsed]).toEqual([
      standard.status,
      standard.statusText,
      standard.ok,
      headerList(standard),
      standard.bodyUsed,
    ]);
    expect(await outcomes(door, sequence)).toEqual(await outcomes(standard, sequence));
  });
});

// Headers as a Response built on no body takes them (one built on a string adds its own Content-Type
// where none is given; the door's answers always name theirs).
describe("the fetch door's Response takes headers as a standard Response does", () => {
  const HEADER_INITS: Record<string, () => HeadersInit> = {
    'a record': () => ({ 'content-type': 'application/json', 'content-length': '2' }),
    'a record naming one header in two cases': () => ({ 'X-One': 'a', 'x-one': 'b' }),
    'a record with a value to trim': () => ({ 'x-padded': '  v  ' }),
    'a record with an invalid value': () => ({ 'x-bad': 'line\nbreak' }),
    'a record with an invalid name': () => ({ 'bad name': 'v' }),
    'a Headers object': () => new Headers({ 'content-type': 'text/plain' }),
    pairs: () => [
      ['x-one', '1'],
      ['x-one', '2'],
    ],
    nothing: () => ({}),
  };
  const made = (make: () => Response) => {
    try {
      const response = make();
      return { status: response.status, statusText: response.statusText, headers: headerList(response) };
    } catch (error) {
      return { error: (error as Error).constructor.name };
    }
  };
  it.each(Object.keys(HEADER_INITS))('%s', (name) => {
    const headers = HEADER_INITS[name]!;
    const door = made(() => textResponse('{}', { status: 202, statusText: 'Accepted', headers: headers() }));
    expect(door).toEqual(made(() => new Response(null, { status: 202, statusText: 'Accepted', headers: headers() })));
  });
});
