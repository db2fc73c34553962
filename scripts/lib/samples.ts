// Code samples for the reference site: the hand-written TypeScript sample of each operation
// (openapi/<area>/samples/<operationId>.ts, type-checked by the tests) and a curl command
// built from the contract's own examples (run against the mock by the tests).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HTTP_METHODS, deref, type Json } from './openapi.ts';
import { OPENAPI_DIR } from './paths.ts';


export const samplePath = (area: string, operationId: string) => path.join(OPENAPI_DIR, area, 'samples', `${operationId}.ts`);

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function exampleOf(document: Json, holder: Json): unknown {
  if (holder?.example !== undefined) return holder.example;
  const named = Object.values(holder?.examples ?? {})[0];
  if (named !== undefined) return deref(document, named).value;
  if (holder?.schema?.example !== undefined) return holder.schema.example;
  if (holder?.schema?.examples?.[0] !== undefined) return holder.schema.examples[0];
  return holder?.schema?.default;
}

/** The curl command for one operation, with values from the contract's examples. */
export function curlSample(document: Json, urlPath: string, method: string): string {
  const pathItem = document.paths[urlPath];
  const operation = pathItem[method];
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(document, p));
  const missing: string[] = [];
  let url = urlPath.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = exampleOf(document, parameters.find((p: Json) => p.in === 'path' && p.name === name));
    if (value === undefined) missing.push(`path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = parameters
    .filter((p: Json) => p.in === 'query' && p.required)
    .map((p: Json) => {
      const value = exampleOf(document, p);
      if (value === undefined) missing.push(`query parameter ${p.name}`);
      return `${encodeURIComponent(p.name)}=${encodeURIComponent(String(value))}`;
    });
  if (query.length > 0) url += `?${query.join('&')}`;

  const lines = [`curl -X ${method.toUpperCase()} "$BASE_URL${url}"`];
  const schemes = document.components?.securitySchemes ?? {};
  for (const requirement of operation.security ?? document.security ?? []) {
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey' && scheme.in === 'header') lines.push(`-H "${scheme.name}: $ACCESS_KEY"`);
      if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') lines.push('-H "Authorization: Bearer $TOKEN"');
    }
  }
  const body = deref(document, operation.requestBody);
  if (body?.content) {
    const [mediaType, media] = Object.entries(body.content as Record<string, Json>)[0]!;
    const value = exampleOf(document, media);
    if (value === undefined) missing.push(`request body example (${mediaType})`);
    lines.push(`-H "Content-Type: ${mediaType}"`);
    lines.push(typeof value === 'string' ? `--data-binary ${shellQuote(value)}` : `--data ${shellQuote(JSON.stringify(value))}`);
  }
  if (missing.length > 0) throw new Error(`${operation.operationId}: the contract has no example for ${missing.join(', ')}`);
  return lines.join(' \\\n  ');
}

/** Adds x-codeSamples (TypeScript, curl) to every operation; lists operations without a TypeScript sample. */
export function addCodeSamples(area: string, document: Json): { missing: string[] } {
  const missing: string[] = [];
  for (const [urlPath, pathItem] of Object.entries(document.paths ?? {}) as [string, Json][]) {
    for (const method of HTTP_METHODS.filter((m) => pathItem[m])) {
      const operation = pathItem[method];
      const file = samplePath(area, operation.operationId);
      const samples = [];
      if (existsSync(file)) samples.push({ lang: 'TypeScript', label: '@platform/client', source: readFileSync(file, 'utf8').trim() });
      else missing.push(path.relative(path.dirname(OPENAPI_DIR), file));
      samples.push({ lang: 'Shell', label: 'curl', source: curlSample(document, urlPath, method) });
      operation['x-codeSamples'] = samples;
    }
  }
  return { missing };
}

/** Writes each x-assumed reason into the element's description, so that readers see it. */
export function markAssumptions(node: Json): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(markAssumptions);
  for (const value of Object.values(node)) markAssumptions(value);
  const reason = node['x-assumed'];
  if (typeof reason === 'string') {
    const note = `**Assumed:** not stated by the specification; ${reason}`;
    node.description = node.description ? `${node.description}\n\n${note}` : note;
  }
}
