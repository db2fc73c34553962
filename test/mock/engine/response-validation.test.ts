// Answers are validated against the contract (contract.ts). A read answered again and again with
// the same bytes is validated once: the engine passes the JSON text it sends, and a text equal
// to the last valid one of the same status and media type is valid without validating again.
// These cases pin that the shortcut never lets a different body, or another status, through.
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../packages/mock/src/engine/contract.ts';

const thing = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } }, additionalProperties: false };
const document = {
  openapi: '3.1.0',
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: thing } } },
          '404': {
            description: 'None',
            content: { 'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } } },
          },
        },
      },
    },
  },
};

const answerCheck = () => {
  const [operation] = compileContract('video', document);
  return (status: number, body: unknown) => operation!.validateResponse(status, 'application/json', body, JSON.stringify(body));
};

describe('response validation', () => {
  it('accepts a valid body again and again', () => {
    const check = answerCheck();
    for (let i = 0; i < 3; i++) expect(check(200, { id: 1 })).toEqual([]);
  });

  it('refuses an invalid body after a valid one of the same status', () => {
    const check = answerCheck();
    expect(check(200, { id: 1 })).toEqual([]);
    expect(check(200, { id: 'one' })).toEqual([{ location: ['response', 'id'], message: 'must be integer' }]);
    expect(check(200, { id: 1, extra: true })).toHaveLength(1);
  });

  it('validates the same text again under another status, whose schema refuses it', () => {
    const check = answerCheck();
    expect(check(200, { id: 1 })).toEqual([]);
    expect(check(404, { id: 1 })).toEqual([{ location: ['response'], message: "must have required property 'error'" }]);
  });

  it('remembers only valid bodies: an invalid one answered twice is refused twice', () => {
    const check = answerCheck();
    expect(check(200, { id: 'one' })).toHaveLength(1);
    expect(check(200, { id: 'one' })).toHaveLength(1);
  });

  it('judges each answer by its own status and media type, whichever was answered before (table, every order)', () => {
    /** An answer and what the contract says of it. */
    const CASES: [status: number, media: string | undefined, body: unknown, verdict: string[]][] = [
      [200, 'application/json', { id: 1 }, []],
      [200, 'application/json', { id: 'one' }, ['response.id']],
      [404, 'application/json', { error: 'none' }, []],
      [404, 'application/json', { id: 1 }, ['response']],
      [200, 'text/plain', 'one', ['response.content-type']],
      [500, 'application/json', { id: 1 }, ['response']],
      [200, 'application/json', undefined, []],
      [201, undefined, undefined, ['response']],
    ];
    const [operation] = compileContract('video', document);
    const locations = (status: number, media: string | undefined, body: unknown) =>
      operation!.validateResponse(status, media, body).map((violation) => violation.location.join('.'));
    for (const first of CASES)
      for (const [status, media, body, verdict] of CASES) {
        locations(first[0], first[1], first[2]);
        expect(locations(status, media, body), `${status} ${media} ${JSON.stringify(body)} after ${first[0]} ${first[1]}`).toEqual(verdict);
      }
  });
});
