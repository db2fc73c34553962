// Client generators besides ours (openapi-typescript, in the build), as their READMEs say to run
// and call them: one table, each with its command line for one bundle, the module a user imports,
// and how a user calls one operation of what it generated (its own options for the base URL and
// the fetch, values as the contract's examples give them). test/openapi/generators.test.ts runs it.
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

export interface Generator {
  /** The npm package (a devDependency, pinned exactly). */
  name: string;
  /** Its command line for one bundle, writing into the folder `out` (relative to where it runs: typed-openapi takes no absolute output path). */
  command: (bundle: string, out: string) => [string, string[]];
  /** The generated module a user imports, relative to `out`. */
  entry: string;
  /** Calls the operation with the generated code, as its documentation shows. */
  call: (module: Module, call: Call) => Promise<unknown>;
}

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
    command: (bundle, out) => [bin('openapi-ts'), ['--input', bundle, '--output', out]],
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
    command: (bundle, out) => [bin('swagger-typescript-api'), ['generate', '--path', bundle, '--output', out, '--name', 'api.ts']],
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
    command: (bundle, out) => [bin('typed-openapi'), [bundle, '--output', `${out}/api.ts`]],
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
    command: (bundle, out) => [bin('orval'), ['--input', bundle, '--output', `${out}/api.ts`, '--client', 'fetch']],
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
    command: (bundle, out) => [bin('openapi-zod-client'), [bundle, '--output', `${out}/api.ts`]],
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
