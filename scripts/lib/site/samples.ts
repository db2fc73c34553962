// Code samples for the reference site: the hand-written TypeScript sample of each operation
// (openapi/<area>/samples/<operationId>.ts, type-checked by the tests), and a curl command and a
// fetch call built from the contract's own examples (both run against the mock by the tests):
// one request example, the parameters' and the body's examples of one name, the name of the
// first example of a success answer (the contracts pair examples by name: openapi/README.md).
// Every sample defines what it uses: the base URL (the local mock unless BASE_URL is set), the
// access key or database token, and every query parameter the contract gives a value for.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildAreaModel, type Json, type Operation, resolveRef } from '../openapi.ts';
import { OPENAPI_DIR } from '../paths.ts';

const samplePath = (area: string, operationId: string) => path.join(OPENAPI_DIR, area, 'samples', `${operationId}.ts`);

/** The local mock's address, where every sample points unless told otherwise. */
export const MOCK_URL = 'http://127.0.0.1:4010';
/** The mock accepts any access key; samples use this one unless ACCESS_KEY is set. */
const SAMPLE_ACCESS_KEY = 'any-key';
const TOKEN_HINT = 'a database access token: pnpm mock prints one at start-up; platform db token create my-database makes one';

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The request example a sample sends: of the names a success answer's examples pair with a request example, the one that gives the most parameters a value (the first of those). */
function successExampleName(operation: Operation): string | undefined {
  const namesOf = (holder: { examples?: unknown } | undefined) => Object.keys((holder?.examples as object | undefined) ?? {});
  const requestNames = new Set([
    ...operation.parameters.flatMap((parameter) => namesOf(parameter.source)),
    ...(operation.requestBody?.content ?? []).flatMap(namesOf),
  ]);
  const answers = Object.values(operation.responses).filter(({ status }) => /^2/.test(status));
  const paired = answers.flatMap((response) => response.content.flatMap(namesOf)).filter((name) => requestNames.has(name));
  const given = (name: string) => operation.parameters.filter((parameter) => namesOf(parameter.source).includes(name)).length;
  return paired.reduce<string | undefined>((best, name) => (best === undefined || given(name) > given(best) ? name : best), undefined);
}

/** A value to send: the contract's example of that name, else its first example (the model's), else its schema's example or default. */
function exampleOf(document: Json, holder: { example?: unknown; schema?: unknown; source?: Json; examples?: Json } | undefined, name?: string): unknown {
  const named =
    name === undefined
      ? undefined
      : holder?.source
        ? holder.source.examples?.[name]
        : holder?.examples && name in holder.examples
          ? { value: holder.examples[name] }
          : undefined;
  if (named !== undefined) return (resolveRef(document, named) as Json)?.value;
  // Values given by name, none of this one: this request example leaves the parameter out.
  if (name !== undefined && holder?.source?.examples && !holder.source.required) return undefined;
  if (holder?.example !== undefined) return holder.example;
  const schema: Json = resolveRef(document, holder?.schema);
  if (schema?.example !== undefined) return schema.example;
  if (schema?.examples?.[0] !== undefined) return schema.examples[0];
  return schema?.default;
}

/** What one operation's samples need, read from the contract. */
export interface RequestShape {
  operationId: string;
  method: string;
  /** The path with example values, and the query string of every parameter that has one. */
  target: string;
  auth: 'accessKey' | 'bearer' | 'none';
  /** The header the access key goes in (AccessKey). */
  keyHeader?: string;
  body?: { mediaType: string; value: unknown };
  /** The production server, a placeholder address, for the comment. */
  production?: string;
  /** The success answer's media type, if it has a body. */
  answer?: string;
}

/** The production address an operation is served at, its variables filled with their defaults. */
function productionUrl(operation: Operation): string | undefined {
  const server = operation.servers.find((s) => !Object.hasOwn(s.variables ?? {}, 'mock_url'));
  return server?.url.replace(/\{(\w+)\}/g, (_: string, name: string) => server.variables?.[name]?.default ?? `{${name}}`);
}

function requestShape(document: Json, operation: Operation): RequestShape {
  const missing: string[] = [];
  const example = successExampleName(operation);
  let target = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = exampleOf(
      document,
      operation.parameters.find((p) => p.in === 'path' && p.name === name),
      example,
    );
    if (value === undefined) missing.push(`path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query: string[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const value = exampleOf(document, parameter, example);
    if (value === undefined) {
      if (parameter.required) missing.push(`query parameter ${parameter.name}`);
      continue;
    }
    query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(value))}`);
  }
  if (query.length > 0) target += `?${query.join('&')}`;

  let auth: RequestShape['auth'] = 'none';
  let keyHeader: string | undefined;
  for (const scheme of operation.security.flat()) {
    if (scheme.type === 'apiKey' && scheme.in === 'header') [auth, keyHeader] = ['accessKey', scheme.keyName];
    if (scheme.type === 'http' && scheme.scheme === 'bearer') auth = 'bearer';
  }
  let body: RequestShape['body'];
  const media = operation.requestBody?.content[0];
  if (media) {
    const value = exampleOf(document, media, example);
    if (value === undefined) missing.push(`request body example (${media.type})`);
    body = { mediaType: media.type, value };
  }
  if (missing.length > 0) throw new Error(`${operation.operationId}: the contract has no example for ${missing.join(', ')}`);
  const success = Object.values(operation.responses).find(({ status }) => /^2/.test(status));
  return {
    operationId: operation.operationId,
    method: operation.method,
    target,
    auth,
    keyHeader,
    body,
    production: productionUrl(operation),
    answer: success?.content[0]?.type,
  };
}

const productionNote = (shape: RequestShape) =>
  `the local mock${shape.production ? `; in production ${shape.production} (a placeholder: use your own address)` : ''}`;

/** The curl command for one operation, with every variable it uses defined. */
function curlSample(document: Json, operation: Operation): string {
  const shape = requestShape(document, operation);
  const method = operation.method;
  const lines = [`BASE_URL="\${BASE_URL:-${MOCK_URL}}"  # ${productionNote(shape)}`];
  if (shape.auth === 'accessKey') lines.push(`ACCESS_KEY="\${ACCESS_KEY:-${SAMPLE_ACCESS_KEY}}"  # the mock accepts any key; in production your API key`);
  if (shape.auth === 'bearer') lines.push(`TOKEN="\${PLATFORM_DATABASE_AUTH_TOKEN:?set it to ${TOKEN_HINT}}"`);
  const command = [`curl -X ${method.toUpperCase()} "$BASE_URL${shape.target}"`];
  if (shape.auth === 'accessKey') command.push(`-H "${shape.keyHeader}: $ACCESS_KEY"`);
  if (shape.auth === 'bearer') command.push('-H "Authorization: Bearer $TOKEN"');
  if (shape.body) {
    command.push(`-H "Content-Type: ${shape.body.mediaType}"`);
    const value = shape.body.value;
    command.push(typeof value === 'string' ? `--data-binary ${shellQuote(value)}` : `--data ${shellQuote(JSON.stringify(value))}`);
  }
  return `${lines.join('\n')}\n${command.join(' \\\n  ')}`;
}

/** A fetch call (Node 18+ or a browser module) for one operation. */
function fetchSample(document: Json, operation: Operation): string {
  const shape = requestShape(document, operation);
  const method = operation.method;
  const env = (name: string, fallback: string) => `globalThis.process?.env.${name} ?? ${fallback}`;
  const lines = [`const baseUrl = ${env('BASE_URL', `'${MOCK_URL}'`)}; // ${productionNote(shape)}`];
  const headers: string[] = [];
  if (shape.auth === 'accessKey') {
    lines.push(`const accessKey = ${env('ACCESS_KEY', `'${SAMPLE_ACCESS_KEY}'`)}; // the mock accepts any key; in production your API key`);
    headers.push(`${/^[A-Za-z_]\w*$/.test(shape.keyHeader!) ? shape.keyHeader : `'${shape.keyHeader}'`}: accessKey`);
  }
  if (shape.auth === 'bearer') {
    lines.push(`const token = globalThis.process?.env.PLATFORM_DATABASE_AUTH_TOKEN; // ${TOKEN_HINT}`);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template literal, written as text
    headers.push('Authorization: `Bearer ${token}`');
  }
  const init = [`  method: '${method.toUpperCase()}',`];
  if (shape.body) headers.push(`'Content-Type': '${shape.body.mediaType}'`);
  if (headers.length > 0) init.push(`  headers: { ${headers.join(', ')} },`);
  if (shape.body) {
    const value = shape.body.value;
    init.push(
      typeof value === 'string' ? `  body: ${JSON.stringify(value)},` : `  body: JSON.stringify(${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}),`,
    );
  }
  lines.push(`const response = await fetch(\`\${baseUrl}${shape.target.replace(/`/g, '\\`')}\`, {`, ...init, '});');
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template literal, written as text
  lines.push('if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);');
  if (shape.answer?.includes('json')) lines.push('console.log(await response.json());');
  else if (shape.answer) lines.push('console.log(await response.text());');
  else lines.push('console.log(response.status);');
  return lines.join('\n');
}

/** Adds x-codeSamples (TypeScript, curl, fetch) to every operation; lists operations without a TypeScript sample. */
export function addCodeSamples(area: string, document: Json): { missing: string[] } {
  const missing: string[] = [];
  for (const operation of buildAreaModel(area as Operation['area'], document)) {
    const file = samplePath(area, operation.operationId);
    const samples = [];
    if (existsSync(file)) samples.push({ lang: 'TypeScript', label: '@platform-contracts/client', source: readFileSync(file, 'utf8').trim() });
    else missing.push(path.relative(path.dirname(OPENAPI_DIR), file));
    samples.push({ lang: 'Shell', label: 'curl', source: curlSample(document, operation) });
    samples.push({ lang: 'JavaScript', label: 'fetch', source: fetchSample(document, operation) });
    // The model holds the document's own operation object: the samples go into the document.
    (operation.source as Json)['x-codeSamples'] = samples;
  }
  return { missing };
}
