// Shapes the popular generators handle, in every bundle, without changing the wire format:
// a `const` always has a one-value `enum` beside it (openapi-zod-client drops `const`), and
// every JSON request body is declared under the three JSON media types the mock takes.
import { describe, expect, it } from 'vitest';
import { deref, operationEntries } from '../support/allowed-values.ts';
import { listAreas, loadBundle } from '../support/openapi.ts';

function constsWithoutEnum(node: unknown, at: string, found: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => constsWithoutEnum(item, `${at}/${i}`, found));
  else if (typeof node === 'object' && node !== null) {
    const schema = node as Record<string, unknown>;
    if ('const' in schema && !(Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === schema.const)) found.push(at);
    for (const [key, value] of Object.entries(schema)) if (key !== 'example' && key !== 'examples') constsWithoutEnum(value, `${at}/${key}`, found);
  }
  return found;
}

const JSON_TYPES = ['application/json', 'text/json', 'application/*+json'];

describe.each(listAreas())('the %s bundle', (area) => {
  it('gives every const a one-value enum of the same value', () => {
    expect(constsWithoutEnum(loadBundle(area), '#', [])).toEqual([]);
  });

  it('declares every JSON request body under application/json, text/json and application/*+json, with one schema', () => {
    const document = loadBundle(area);
    const problems = operationEntries(area).flatMap(({ operationId, operation }) => {
      const content = deref(document, operation.requestBody)?.content ?? {};
      if (!content['application/json']) return [];
      const schema = JSON.stringify(content['application/json'].schema);
      return JSON_TYPES.filter((type) => JSON.stringify(content[type]?.schema) !== schema).map((type) => `${operationId}: ${type}`);
    });
    expect(problems).toEqual([]);
  });
});
