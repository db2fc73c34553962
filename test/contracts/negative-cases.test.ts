// Each negative case an area ships (bundles/<area>_examples/, Specmatic's external examples) sent to
// the mock in process: answered with its documented 4xx, the answer valid by the contract.
import { describe, expect, it } from 'vitest';
import { exactJson } from '../support/allowed-values.ts';
import { useMock } from '../support/mock.ts';
import { type NegativeCase, negativeCases } from '../support/negative-cases.ts';
import { listAreas, validateAnswer } from '../support/openapi.ts';
import { testerCredentials } from '../support/tester-credentials.ts';

const cases = listAreas().flatMap((area) => negativeCases(area).map((negative) => [`${area} ${negative.file}`, negative] as const));

describe('negative cases shipped beside each bundle', () => {
  const used = useMock();

  async function send({ operation, request }: NegativeCase) {
    const query = new URLSearchParams(request.query ?? {});
    const headers = { ...(await testerCredentials(used.mock, operation, 'negative-case')), ...request.headers };
    const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : exactJson(request.body);
    const url = `http://127.0.0.1:4010${request.path}${query.size > 0 ? `?${query}` : ''}`;
    const response = await used.fetch(new Request(url, { method: request.method, headers, body }));
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  }

  it('every area ships at least one', () => {
    expect(listAreas().filter((area) => !cases.some(([, negative]) => negative.area === area))).toEqual([]);
  });

  it.each(cases)('%s: a documented 4xx of its operation', (_name, { operation, response }) => {
    expect(String(response.status)).toMatch(/^4\d\d$/);
    expect(Object.keys(operation.responses)).toContain(String(response.status));
  });

  it.each(cases)('%s: the mock answers its status, valid by the contract', async (_name, negative) => {
    const answer = await send(negative);
    expect(answer.status, answer.text).toBe(negative.response.status);
    const type = answer.type.split(';')[0]!.trim();
    const parsed = /json/.test(type) ? JSON.parse(answer.text) : answer.text;
    expect(validateAnswer(negative.area, negative.operation.operationId, answer.status, parsed, type)).toEqual([]);
  });
});
