// Property-based traffic over every operation, with a fixed seed: requests drawn from each
// operation's contract (test/support/schema-arbitrary.ts) and judged by a validator independent
// of the mock's own (a separate ajv over the bundle, test/support/openapi.ts): a request that
// validator finds valid is never refused with 400; no request answers 5xx; every answer has a
// status the operation documents and a body its schema allows.

import { createMock, type Mock } from '@platform-contracts/mock';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperationEntries, deref, exactJson, locatedParametersOf, type OperationEntry, parameterText, SERVER_ISSUED } from '../../support/allowed-values.ts';
import { loadBundle, validateAnswer, validateAt } from '../../support/openapi.ts';
import { arbitraryOf } from '../../support/schema-arbitrary.ts';

const SEED = Number(process.env.FAST_CHECK_SEED ?? 1);
const RUNS = 20;

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ maxBodyBytes: 1 << 20 });
});
afterAll(async () => {
  await mock?.close();
});

const escapePointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

interface Drawn {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** Each parameter but the headers, with where its schema is in the bundle, for the independent validator. */
function parametersOf(entry: OperationEntry) {
  return locatedParametersOf(entry)
    .map(({ parameter, pointer }) => ({ parameter, pointer: `${pointer}/schema` }))
    .filter(({ parameter }) => parameter.in !== 'header');
}

function bodyOf(entry: OperationEntry) {
  const document = loadBundle(entry.area);
  const raw = entry.operation.requestBody;
  const requestBody = deref(document, raw);
  const mediaType = Object.keys(requestBody?.content ?? {})[0];
  if (!mediaType) return undefined;
  const base = raw?.$ref ?? `#/paths/${escapePointer(entry.path)}/${entry.method}/requestBody`;
  return {
    mediaType,
    required: requestBody.required === true,
    schema: requestBody.content[mediaType].schema,
    pointer: `${base}/content/${escapePointer(mediaType)}/schema`,
  };
}

function requestArbitrary(entry: OperationEntry): fc.Arbitrary<Drawn> {
  const document = loadBundle(entry.area);
  const parameters = parametersOf(entry);
  const valueIn = (parameter: any) => {
    const drawn = arbitraryOf(document, parameter.schema);
    return parameter.example === undefined ? drawn : fc.oneof(fc.constant(parameter.example), drawn);
  };
  const path = fc.record(Object.fromEntries(parameters.filter((p) => p.parameter.in === 'path').map(({ parameter }) => [parameter.name, valueIn(parameter)])));
  const queryParameters = parameters.filter((p) => p.parameter.in === 'query');
  const queryRecord: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(queryParameters.map(({ parameter }) => [parameter.name, valueIn(parameter)]));
  const requiredKeys: string[] = queryParameters.filter((p) => p.parameter.required).map((p) => p.parameter.name);
  const query = fc.record(queryRecord, { requiredKeys });
  const body = bodyOf(entry);
  const bodyArbitrary = body ? arbitraryOf(document, body.schema, { skip: SERVER_ISSUED }) : fc.constant(undefined);
  return fc.record({ path, query, body: bodyArbitrary }) as fc.Arbitrary<Drawn>;
}

/** Whether the independent validator finds the request valid, and why not. */
function judge(entry: OperationEntry, drawn: Drawn): string[] {
  const asNumbers = (value: unknown) => JSON.parse(exactJson(value));
  const problems: string[] = [];
  for (const { parameter, pointer } of parametersOf(entry)) {
    const value = (parameter.in === 'path' ? drawn.path : drawn.query)[parameter.name];
    if (value === undefined) continue;
    // A parameter travels as text: an empty query value is no value.
    if (parameter.in === 'query' && parameterText(value) === '') continue;
    problems.push(...validateAt(entry.area, pointer, asNumbers(value)).map((p) => `${parameter.name}: ${p}`));
  }
  const body = bodyOf(entry);
  if (body && drawn.body !== undefined) problems.push(...validateAt(entry.area, body.pointer, asNumbers(drawn.body)).map((p) => `body: ${p}`));
  return problems;
}

async function send(entry: OperationEntry, drawn: Drawn) {
  const target = entry.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(parameterText(drawn.path[name])));
  const query = new URLSearchParams(Object.entries(drawn.query).map(([name, value]) => [name, parameterText(value)])).toString();
  const body = bodyOf(entry);
  const headers: Record<string, string> = {
    AccessKey: entry.area === 'database' && !entry.path.startsWith('/database') ? 'default' : `traffic-${entry.area}`,
    authorization: `Bearer ${mock.areas.database.fullAccessToken}`,
  };
  let payload: string | undefined;
  if (body && drawn.body !== undefined) {
    headers['content-type'] = body.mediaType;
    payload = typeof drawn.body === 'string' ? drawn.body : exactJson(drawn.body);
  }
  const response = await mock.fetch(`${mock.url}${target}${query ? `?${query}` : ''}`, { method: entry.method.toUpperCase(), headers, body: payload });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

const operations = allOperationEntries();

describe('property-based traffic (seed %i)'.replace('%i', String(SEED)), () => {
  it.each(operations.map((entry) => [`${entry.area} ${entry.operationId}`, entry] as const))(
    '%s: valid requests are accepted, every answer is documented',
    async (_name, entry) => {
      const documented = Object.keys(entry.operation.responses);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(entry), async (drawn) => {
          const invalid = judge(entry, drawn);
          const answer = await send(entry, drawn);
          const what = `${answer.status} ${answer.text.slice(0, 200)}`;
          expect(answer.status, what).toBeLessThan(500);
          if (invalid.length === 0) expect(answer.status, `a valid request was refused: ${what}`).not.toBe(400);
          expect(documented, `status ${answer.status} is not documented`).toContain(String(answer.status));
          const json = /json/.test(answer.contentType);
          const problems = validateAnswer(
            entry.area,
            entry.operationId,
            answer.status,
            json ? JSON.parse(answer.text) : answer.text || undefined,
            answer.contentType || undefined,
          );
          expect(problems, what).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
  );
});
