// Reading bundled OpenAPI documents: shared by the scripts and the tests.

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Follows a local $ref (#/components/...) until a concrete object. */
export function deref(document: Json, value: Json): Json {
  let current = value;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: Json, key: string) => node?.[key], document);
  }
  return current;
}
