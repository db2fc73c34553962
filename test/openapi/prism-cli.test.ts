// The stock Prism CLI still serves every bundle: a user who prefers Prism to our mock can point
// `prism mock` at any area's bundle and get documented answers for every operation: each
// operation's first request example (its parameters' examples, paired by parametersOf) is
// accepted and answered with a documented 2xx.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.ts';
import { bundlePath, ROOT } from '../../scripts/lib/paths.ts';
import { entryOf, firstExample, parametersOf } from '../support/allowed-values.ts';
import { type Json, listAreas, loadBundle, type Operation, operationsOf, resolveRef } from '../support/openapi.ts';

const PRISM = path.join(ROOT, 'node_modules/.bin/prism');

/** A request Prism should accept: credentials, path parameters from their examples, the first request example. */
function exampleRequest(entry: Operation): { path: string; init: RequestInit } {
  const document = loadBundle(entry.area);
  const parameters = parametersOf(entryOf(entry));
  const target = entry.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = parameters.find((p) => p.name === name && p.in === 'path');
    return encodeURIComponent(String(firstExample(document, parameter) ?? parameter?.schema?.example ?? '1'));
  });
  const headers: Record<string, string> = {};
  for (const name of Object.keys((entry.source.security ?? document.security ?? [])[0] ?? {})) {
    const scheme = document.components.securitySchemes[name];
    if (scheme.type === 'apiKey') headers[scheme.name] = 'prism-cli-key';
    else headers.authorization = 'Bearer prism-cli-token';
  }
  const body = resolveRef(document, entry.source.requestBody);
  const [type, media] = (Object.entries(body?.content ?? {}) as [string, Json][])[0] ?? [];
  if (!type) return { path: target, init: { method: entry.method.toUpperCase(), headers } };
  const example = Object.values(media.examples ?? {}).map((e) => resolveRef(document, e).value)[0] ?? media.example;
  headers['content-type'] = type;
  return { path: target, init: { method: entry.method.toUpperCase(), headers, body: typeof example === 'string' ? example : JSON.stringify(example) } };
}

describe('the stock Prism CLI', () => {
  it.each(listAreas())('serves the %s bundle with a documented answer for every operation', { timeout: 90_000 }, async (area) => {
    const port = await freePort();
    const child = spawn(PRISM, ['mock', bundlePath(area, 'yaml'), '--port', String(port), '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        const listen = (chunk: Buffer) => {
          output += chunk;
          if (/Prism is listening/.test(output)) resolve();
        };
        child.stdout.on('data', listen);
        child.stderr.on('data', listen);
        child.once('exit', (code) => reject(new Error(`prism exited ${code}: ${output}`)));
      });
      for (const entry of operationsOf(area)) {
        const { path: target, init } = exampleRequest(entry);
        const response = await fetch(`http://127.0.0.1:${port}${target}`, init);
        await response.arrayBuffer();
        expect(Object.keys(entry.source.responses), `${entry.operationId} answered ${response.status}`).toContain(String(response.status));
        // the request is the contract's own example: Prism validates it and accepts it
        expect(String(response.status), `${entry.operationId}: Prism refused the example request`).toMatch(/^2\d\d$/);
      }
    } finally {
      child.kill('SIGKILL');
    }
  });
});
