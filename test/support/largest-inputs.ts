// The largest input of every operation an access key can call, made from the contract (so that a
// new area has its cases without a line written for it): a JSON body of the largest allowed size,
// its example with an array repeated until the body is full (or, with no array, many tiny objects
// beside its fields); a text body, its example repeated; and an operation without a body, the
// longest request target, a string query parameter (or one the contract does not know) of 16 KiB.
import { type Operation, operationsOf, resolveRef } from '@platform-contracts/contracts';
import type { DoorRequest } from '@platform-contracts/mock';
import { type Json, loadBundle } from './openapi.ts';

export const LONGEST_QUERY = 16 * 1024;
const JSON_TYPES = /^(application\/json|text\/json|application\/[^/]+\+json)$/;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The first array (with an item) inside a value, depth first. */
function firstArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value.length > 0 ? value : value.map(firstArray).find(Boolean);
  if (!isObject(value)) return undefined;
  for (const child of Object.values(value)) {
    const found = firstArray(child);
    if (found) return found;
  }
  return undefined;
}

/** `value` with an array filled with copies of its first item (or many tiny objects added) to at most `bytes` of JSON. */
export function fill(value: unknown, bytes: number): string {
  const body = structuredClone(value) as Json;
  let array = firstArray(body);
  if (!array) {
    if (!isObject(body)) return JSON.stringify(body);
    array = body.padding = [{ a: 1 }];
  }
  const item = array[0];
  array.length = 0;
  const empty = JSON.stringify(body).length;
  const unit = JSON.stringify(item).length + 1;
  for (let count = Math.floor((bytes - empty + 1) / unit); count > 0; count--) array.push(item);
  return JSON.stringify(body);
}

/** The value of each parameter's first example (path parameters filled into the target). */
function firstExamples(document: Json, operation: Operation) {
  const value = (parameter: Operation['parameters'][number]) => {
    const first = Object.values<Json>((parameter.source.examples as Json) ?? {})[0];
    return first === undefined ? parameter.example : (resolveRef(document, first) as Json)?.value;
  };
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(value(operation.parameters.find((p) => p.in === 'path' && p.name === name)!))),
  );
  return { path, value };
}

/** The examples of a request body, but negative ones (a request example a 4xx answer pairs with): those with an array first. */
function bodyExamples(operation: Operation, media: NonNullable<Operation['requestBody']>['content'][number]): unknown[] {
  const negative = new Set(
    Object.values(operation.responses)
      .filter((r) => r.status.startsWith('4'))
      .flatMap((r) => r.content.flatMap((m) => Object.keys(m.examples))),
  );
  const values = Object.entries(media.examples)
    .filter(([name]) => !negative.has(name))
    .map(([, value]) => value);
  return [...values.filter((value) => firstArray(value)), ...values.filter((value) => !firstArray(value))];
}

/** Each operation's largest input, [what it is, the request], for the operations an access key calls. */
export function largestInputs(area: string, maxBodyBytes: number, accessKey: string): [string, () => DoorRequest][] {
  const document = loadBundle(area);
  return operationsOf(area as never)
    .filter((operation) => operation.security.some((schemes) => schemes.some((scheme) => scheme.type === 'apiKey' && scheme.in === 'header')))
    .flatMap((operation): [string, () => DoorRequest][] => {
      const keyHeader = operation.security
        .flat()
        .find((scheme) => scheme.type === 'apiKey')!
        .keyName!.toLowerCase();
      const { path, value } = firstExamples(document, operation);
      const method = operation.method.toUpperCase();
      const media = operation.requestBody?.content.find((m) => JSON_TYPES.test(m.type)) ?? operation.requestBody?.content[0];
      if (media) {
        const example = bodyExamples(operation, media)[0] ?? media.example;
        const text =
          typeof example === 'string' && !JSON_TYPES.test(media.type)
            ? example.repeat(Math.floor(maxBodyBytes / Math.max(example.length, 1)))
            : fill(example, maxBodyBytes);
        return [
          [
            `${operation.operationId}: a body of ${text.length} bytes (${media.type})`,
            () => ({
              method,
              target: path,
              headers: { [keyHeader]: accessKey, 'content-type': media.type.replace('*', 'vnd.example') },
              body: Buffer.from(text),
            }),
          ],
        ];
      }
      const query = operation.parameters.find((p) => p.in === 'query' && (resolveRef(document, p.schema) as Json)?.type === 'string');
      const required = operation.parameters
        .filter((p) => p.in === 'query' && p.required && p !== query)
        .map((p) => `&${encodeURIComponent(p.name)}=${encodeURIComponent(String(value(p)))}`);
      const name = query?.name ?? 'padding';
      return [
        [
          `${operation.operationId}: the longest ${query ? `${name} query` : 'unknown query parameter'} (${LONGEST_QUERY} characters)`,
          () => ({ method, target: `${path}?${name}=${'a'.repeat(LONGEST_QUERY)}${required.join('')}`, headers: { [keyHeader]: accessKey } }),
        ],
      ];
    });
}
