// Client generators besides ours (openapi-typescript, in the build), as their READMEs say to run
// and call them: one table, each with its command lines for every area's bundle (one for all where
// its CLI takes several inputs in a config file, as a user with several APIs runs it), the module a
// user imports, and how a user calls one operation of what it generated (its own options for the
// base URL and the fetch, values as the contract's examples give them).
// test/openapi/generators.test.ts runs it.
import path from 'node:path';
import type { Operation } from '@platform-contracts/contracts';
import { ROOT } from '../../scripts/lib/paths.ts';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/** One operation's call: the values of one paired example of the contract. */
export interface Call {
  operation: Operation;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The example's body, under the first media type that names it. */
  body?: { type: string; value: unknown };
  baseUrl: string;
  fetch: typeof globalThis.fetch;
}

type Module = Record<string, unknown>;
type Fn = (...args: unknown[]) => Promise<unknown>;

/** An area's bundle, and the folder its output goes to, relative to where the generator runs (typed-openapi takes no absolute output path). */
export interface Target {
  bundle: string;
  out: string;
}

/** One command line and the areas it writes; `files` (a config file) are written where it runs first. */
export interface Run {
  command: string;
  args: string[];
  outs: string[];
  files?: Record<string, string>;
}

export interface Generator {
  /** The npm package (a devDependency, pinned exactly). */
  name: string;
  /** Its command lines for these targets. */
  runs: (targets: Target[]) => Run[];
  /** The generated module a user imports, relative to `out`. */
  entry: string;
  /** Calls the operation with the generated code, as its documentation shows. */
  call: (module: Module, call: Call) => Promise<unknown>;
}

/**
 * A package whose CLI takes one bundle: one Node process of ours that calls its Node API for every
 * target in turn, with the options its CLI passes for the command line a user types (the output is
 * the same, byte for byte), so that the package loads once.
 */
const throughNodeApi =
  (script: (targets: string) => string) =>
  (targets: Target[]): Run[] => [
    { command: process.execPath, args: ['--input-type=module', '--eval', script(JSON.stringify(targets))], outs: targets.map(({ out }) => out) },
  ];

const hasKeys = (value: Record<string, unknown>) => Object.keys(value).length > 0;

/** The parameter names of a function as written (swagger-typescript-api names them after the contract: path parameters, `query`, `data`, `params`). */
const parameterNames = (fn: Fn): string[] =>
  /^[^(]*\(([^)]*)\)/
    .exec(fn.toString())![1]!
    .split(',')
    .map((name) => name.replace(/=.*$/s, '').trim())
    .filter(Boolean);

export const GENERATORS: Generator[] = [
  {
    name: '@hey-api/openapi-ts',
    // Its README's config file for several clients: an array of configs, one job each, in one process.
    runs: (targets) => [
      {
        command: bin('openapi-ts'),
        args: ['--file', 'openapi-ts.config.mjs'],
        outs: targets.map(({ out }) => out),
        files: { 'openapi-ts.config.mjs': `export default ${JSON.stringify(targets.map(({ bundle, out }) => ({ input: bundle, output: out })))};\n` },
      },
    ],
    entry: 'index.ts',
    call: (module, { operation, path, query, body, baseUrl, fetch }) =>
      (module[operation.operationId] as Fn)({
        baseUrl,
        fetch,
        ...(hasKeys(path) && { path }),
        ...(hasKeys(query) && { query }),
        ...(body && { body: body.value }),
      }),
  },
  {
    name: 'swagger-typescript-api',
    // As `swagger-typescript-api generate --path <bundle> --output <out> --name api.ts` for each.
    runs: throughNodeApi(
      (targets) => `import path from 'node:path';
import { generateApi } from 'swagger-typescript-api';
for (const { bundle, out } of ${targets}) await generateApi({ input: bundle, output: path.resolve(out), fileName: 'api.ts' });`,
    ),
    entry: 'api.ts',
    call: (module, { operation, path, query, body, baseUrl, fetch }) => {
      const api = new (module.Api as new (config: object) => Record<string, Record<string, Fn>>)({ baseUrl, customFetch: fetch });
      const group = Object.values(api).find((value) => typeof value?.[operation.operationId] === 'function');
      if (!group) throw new Error(`swagger-typescript-api wrote no method ${operation.operationId}`);
      const method = group[operation.operationId]!;
      const args = parameterNames(method).map((name) =>
        name === 'query' ? query : name === 'data' ? body?.value : name === 'params' ? {} : name in path ? path[name] : undefined,
      );
      return method(...args);
    },
  },
  {
    name: 'typed-openapi',
    // As `typed-openapi <bundle> --output <out>/api.ts` for each (its CLI's defaults given as it gives them).
    runs: throughNodeApi(
      (targets) => `import { generateClientFiles } from 'typed-openapi/node';
for (const { bundle, out } of ${targets})
  await generateClientFiles(bundle, { output: out + '/api.ts', runtime: 'none', format: false, schemasOnly: false, includeClient: true, jsdoc: true });`,
    ),
    entry: 'api.ts',
    // typed-openapi leaves the request to the caller's fetcher (its README's example, with a body's media type).
    call: (module, { operation, path, query, body, baseUrl, fetch }) => {
      const fetcher = {
        fetch: ({
          method,
          url,
          urlSearchParams,
          parameters,
        }: {
          method: string;
          url: URL;
          urlSearchParams?: URLSearchParams;
          parameters?: { body?: unknown };
        }) => {
          if (urlSearchParams) url.search = urlSearchParams.toString();
          const sent = parameters?.body;
          return fetch(url, {
            method: method.toUpperCase(),
            ...(sent !== undefined && {
              body: typeof sent === 'string' ? sent : JSON.stringify(sent),
              headers: { 'content-type': typeof sent === 'string' ? body!.type : 'application/json' },
            }),
          });
        },
      };
      const api = (module.createApiClient as (fetcher: object, baseUrl: string) => { request: Fn })(fetcher, baseUrl);
      return api.request(operation.method, operation.path, {
        ...(hasKeys(path) && { path }),
        ...(hasKeys(query) && { query }),
        ...(body && { body: body.value }),
        withResponse: true,
      });
    },
  },
  {
    name: 'orval',
    // Its config file with a project per area (its README's form for several APIs), run in one process.
    runs: (targets) => [
      {
        command: bin('orval'),
        args: ['--config', 'orval.config.mjs'],
        outs: targets.map(({ out }) => out),
        files: {
          'orval.config.mjs': `export default ${JSON.stringify(
            Object.fromEntries(targets.map(({ bundle, out }) => [out, { input: bundle, output: { target: `${out}/api.ts`, client: 'fetch' } }])),
          )};\n`,
        },
      },
    ],
    entry: 'api.ts',
    // orval's fetch client calls the global fetch with the path alone (a browser page's own origin):
    // the global is the mock's, relative to the base URL, for the call only (the file is ISOLATED).
    call: async (module, { operation, path, query, body, baseUrl, fetch }) => {
      const method = module[operation.operationId] as Fn;
      const args = parameterNames(method).map((name) => (name in path ? path[name] : name === 'params' ? query : name === 'options' ? undefined : body?.value));
      const global = globalThis.fetch;
      globalThis.fetch = (input, init) => fetch(new URL(input instanceof Request ? input.url : String(input), baseUrl), init);
      try {
        return await method(...args);
      } finally {
        globalThis.fetch = global;
      }
    },
  },
  {
    name: 'openapi-zod-client',
    // As `openapi-zod-client <bundle> --output <out>/api.ts` for each: its CLI bundles the document and reads the prettier config where it runs.
    runs: throughNodeApi(
      (targets) => `import { createRequire } from 'node:module';
import { generateZodClientFromOpenAPI } from 'openapi-zod-client';
const own = createRequire(createRequire(process.cwd() + '/').resolve('openapi-zod-client'));
const SwaggerParser = own('@apidevtools/swagger-parser');
const prettier = own('prettier');
for (const { bundle, out } of ${targets})
  await generateZodClientFromOpenAPI({
    openApiDoc: await SwaggerParser.bundle(bundle),
    distPath: out + '/api.ts',
    prettierConfig: await prettier.resolveConfig('./'),
    options: { withAlias: true, additionalPropertiesDefaultValue: true },
  });`,
    ),
    entry: 'api.ts',
    // A Zodios client (axios underneath; axios's fetch adapter takes the fetch to call), methods by operationId.
    call: (module, { operation, path, query, body, baseUrl, fetch }) => {
      const client = (module.createApiClient as (baseUrl: string, options: object) => Record<string, Fn>)(baseUrl, {
        axiosConfig: { adapter: 'fetch', env: { fetch } },
      });
      const method = client[operation.operationId];
      if (!method) throw new Error(`openapi-zod-client wrote no alias ${operation.operationId}`);
      const config = { ...(hasKeys(path) && { params: path }), ...(hasKeys(query) && { queries: query }) };
      return operation.method === 'get' ? method(config) : method(body?.value, config); // Zodios 10: every alias but a GET's takes a body first
    },
  },
];
