// A location's parameters sent as the last valid ones were are valid alike (engine/contract.ts):
// checked once while a suite keeps sending them, every other value checked anew (mutation: an
// invalid value after valid ones is still refused, with the violation the first check gives).
import { describe, expect, it } from 'vitest';
import type { EngineAnswer } from '../../../packages/mock/src/engine/answer.ts';
import { defineArea } from '../../../packages/mock/src/engine/area.ts';
import { parametersRemembered } from '../../../packages/mock/src/engine/contract.ts';
import { smallContract } from '../../support/small-contract.ts';
import { oneAreaEngine } from './one-area-engine.ts';

const document = smallContract('Shelves', {
  '/shelves/{id}': {
    get: {
      operationId: 'getShelf',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        { name: 'X-Side', in: 'header', required: false, schema: { type: 'string', enum: ['left', 'right'] } },
      ],
      responses: { '200': { description: 'A shelf', content: { 'application/json': { schema: { type: 'object' } } } }, '400': { description: 'Refused' } },
    },
  },
});

async function shelves() {
  const area = (defineArea as (...args: never[]) => (definition: unknown) => unknown)()({
    name: 'shelves',
    setup: () => ({ seed: () => ({}), handlers: { getShelf: (request: { params: { id: string } }) => ({ status: 200, body: { id: request.params.id } }) } }),
  });
  // Each request read anew: a kept answer is given without reading its request again (answer-reuse.test.ts).
  const engine = await oneAreaEngine(area, document, { reuseAnswers: false });
  return async (id: string, side?: string) => {
    const before = parametersRemembered();
    const headers: Record<string, string> = { accesskey: 'k', ...(side === undefined ? {} : { 'x-side': side }) };
    const answer = (await engine.answer({ method: 'GET', rawPath: `/shelves/${id}`, query: {}, headers, body: undefined })) as EngineAnswer;
    return { status: answer.status, remembered: parametersRemembered() - before };
  };
}

/** Requests in order on one engine: the status, and how many locations (path, header) were found valid as remembered. */
const SEQUENCE: [id: string, side: string | undefined, status: number, remembered: number][] = [
  ['7', undefined, 200, 0],
  ['7', undefined, 200, 2],
  ['7', 'left', 200, 1],
  ['7', 'left', 200, 2],
  ['0', 'left', 400, 1],
  ['seven', 'left', 400, 1],
  ['7', 'up', 400, 1],
  ['7', 'left', 200, 2],
  ['8', 'left', 200, 1],
  ['8', 'left', 200, 2],
];

describe("a location's parameters, remembered valid while the same values are sent", () => {
  it('checks each new value, refuses an invalid one after valid ones, and checks a repeated valid one once', async () => {
    const send = await shelves();
    const seen = [];
    for (const [id, side] of SEQUENCE) seen.push([id, side, ...Object.values(await send(id, side))]);
    expect(seen).toEqual(SEQUENCE);
  });
});
