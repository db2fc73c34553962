// The contract says what the mock enforces, and the mock enforces nothing more: every parameter
// and every body field of every operation, set to each edge value its schema allows (enum
// members, bounds, int64 and int32 extremes, lengths, null), is accepted: no 400, no 5xx, and an
// answer the contract documents. Values come from the bundles alone (test/support/allowed-values.ts).

import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allOperationEntries,
  bodyFields,
  deref,
  edgeValues,
  enriched,
  exactJson,
  firstExample,
  type OperationEntry,
  parametersOf,
  parameterText,
  SERVER_ISSUED,
  withField,
} from '../../support/allowed-values.ts';
import { loadBundle, validateAnswer } from '../../support/openapi.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ maxBodyBytes: 1 << 20 });
});
afterAll(async () => {
  await mock?.close();
});

interface Probe {
  operation: OperationEntry;
  what: string;
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

function probesOf(entry: OperationEntry): Probe[] {
  const document = loadBundle(entry.area);
  const parameters = parametersOf(entry);
  const path = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, parameterText(p.example ?? firstExample(document, p) ?? edgeValues(document, p.schema)[0])]),
  );
  const requestBody = deref(document, entry.operation.requestBody);
  const [mediaType, media] = Object.entries<any>(requestBody?.content ?? {})[0] ?? [];
  const body = media ? firstExample(document, media) : undefined;
  const base = { operation: entry, path, query: {}, body };
  const probes: Probe[] = [{ ...base, what: "the contract's example" }];
  for (const parameter of parameters.filter((p) => p.in !== 'header')) {
    for (const value of edgeValues(document, parameter.schema)) {
      const text = parameterText(value);
      if (parameter.in === 'path') probes.push({ ...base, what: `path ${parameter.name}=${text}`, path: { ...path, [parameter.name]: text } });
      else probes.push({ ...base, what: `query ${parameter.name}=${text}`, query: { [parameter.name]: text } });
    }
  }
  if (body !== undefined && /json/.test(mediaType ?? '')) {
    const full = enriched(document, media.schema, body);
    if (exactJson(full) !== exactJson(body)) probes.push({ ...base, what: 'the example with every optional object filled in', body: full });
    for (const field of bodyFields(document, media.schema, full).filter((f) => !SERVER_ISSUED.has(String(f.path.at(-1))))) {
      for (const value of edgeValues(document, field.schema))
        probes.push({ ...base, what: `body ${field.path.join('.')}=${exactJson(value).slice(0, 40)}`, body: withField(full, field.path, value) });
    }
  }
  return probes;
}

async function send(probe: Probe) {
  const { area, method, path: template, operation } = probe.operation;
  const document = loadBundle(area);
  const target = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(probe.path[name] ?? ''));
  const query = new URLSearchParams(probe.query).toString();
  const mediaType = Object.keys(deref(document, operation.requestBody)?.content ?? {})[0];
  const headers: Record<string, string> = { AccessKey: `walker-${area}`, authorization: `Bearer ${mock.areas.database.fullAccessToken}` };
  if (area === 'database' && !template.startsWith('/database')) headers.AccessKey = 'default';
  let body: string | undefined;
  if (probe.body !== undefined) {
    headers['content-type'] = mediaType!;
    body = typeof probe.body === 'string' ? probe.body : exactJson(probe.body);
  }
  const response = await mock.fetch(`${mock.url}${target}${query ? `?${query}` : ''}`, { method: method.toUpperCase(), headers, body });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

const operations = allOperationEntries();

describe.each(operations.map((entry) => [`${entry.area} ${entry.operationId}`, entry] as const))('%s', (_name, entry) => {
  it('accepts every value the contract allows in each parameter and body field', async () => {
    const refused: string[] = [];
    for (const probe of probesOf(entry)) {
      const answer = await send(probe);
      if (answer.status === 400 || answer.status >= 500) refused.push(`${probe.what}: ${answer.status} ${answer.text.slice(0, 160)}`);
      else if (answer.contentType.includes('json') && !answer.text.trimStart().startsWith('"')) {
        const problems = validateAnswer(entry.area, entry.operationId, answer.status, JSON.parse(answer.text), answer.contentType);
        if (problems.length > 0) refused.push(`${probe.what}: answer ${answer.status} breaks the contract: ${problems.join('; ')}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
