// openapi-fetch's client with, on top: a timeout per call, retries (through the fetch it is
// given), and a typed error for every failure status: `failure` in the result, or thrown with
// `throwOnError`. `GET`, `POST`, ... keep openapi-fetch's call style and `{ data, error, response }`,
// and its typing, made stricter: a path or method the area lacks, or an option no call takes,
// does not compile.
import type { ClientOptions, FetchResponse, MaybeOptionalInit, Middleware } from 'openapi-fetch';
import type { ApiErrorInit } from './api-error.js';
import type { AreaErrorKey, AreaErrors } from './area-errors.js';
import type { CallSetup } from './call-setup.js';
import type { DirectCall, RawResult } from './direct-call.js';
import type { Call } from './failure.js';
import type { PaginationTable } from './pagination-table.js';
import { type ClientFetch, createRetryingFetch, type RetrySetting } from './transport.js';
import type { LazyClient } from './via-client.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type MediaType = `${string}/${string}`;

/** Options of one call, next to openapi-fetch's `params`, `body`, `headers`, `signal`, `middleware`, ... */
export interface CallOptions {
  /** Time limit of this call in ms (retries included), or `false` for none. Default: the client's `timeoutMs`. */
  timeoutMs?: number | false;
  /** Retry settings of this call, or `false` for a single attempt. Default: the client's `retry`. */
  retry?: RetrySetting;
}

/**
 * What every helper (`importDnsRecords`, the database token helpers, ...) takes besides its own
 * arguments: the options of a raw call that are not about the operation.
 */
export interface HelperCallOptions extends CallOptions {
  /** Headers added to this call's request (the helper's own, such as its Content-Type, win). */
  headers?: Record<string, string>;
  /** Aborts the call. */
  signal?: AbortSignal;
  /** openapi-fetch middleware for this call only. */
  middleware?: Middleware[];
}

/** Every 4xx and 5xx status. */
type Enumerate<N extends number, Acc extends number[] = []> = Acc['length'] extends N ? Acc[number] : Enumerate<N, [...Acc, Acc['length']]>;
export type FailureStatus = Exclude<Enumerate<600>, Enumerate<400>>;

type ResponsesOf<Operation> = Operation extends { responses: infer Responses } ? Responses : {};
type BodyOf<Response> = Response extends { content: infer Content } ? Content[keyof Content] : undefined;
type DocumentedFailures<Operation> = Extract<keyof ResponsesOf<Operation>, FailureStatus>;

/**
 * The typed error of a failed call of an operation: for each failure status the contract
 * documents, the area's error with that status and its body; any other status has an `unknown` body.
 */
export type FailureOf<Area extends AreaErrorKey, Operation> =
  | { [Status in DocumentedFailures<Operation>]: AreaErrors<Status, BodyOf<ResponsesOf<Operation>[Status]>>[Area] }[DocumentedFailures<Operation>]
  | AreaErrors<Exclude<FailureStatus, DocumentedFailures<Operation>>, unknown>[Area];

type Answer<Operation, Init> = FetchResponse<Operation & Record<string | number, any>, Init, MediaType>;
type Success<Operation, Init> = Extract<Answer<Operation, Init>, { data: unknown }> & { failure?: never };
type Failure<Area extends AreaErrorKey, Operation, Init> = Exclude<Answer<Operation, Init>, { data: unknown }> & { failure: FailureOf<Area, Operation> };

/** The result of a call: `data` on success; on a failure status `failure` (and openapi-fetch's raw `error` body, redacted). */
export type CallResult<Area extends AreaErrorKey, Operation, Init, ThrowOnError extends boolean> = ThrowOnError extends true
  ? Success<Operation, Init>
  : Success<Operation, Init> | Failure<Area, Operation, Init>;

/** The paths of the contract that have this method (generated paths mark a missing method `?: never`). */
export type PathsWith<Paths, Method extends HttpMethod> = {
  [Path in keyof Paths]: Paths[Path] extends { [M in Method]: {} } ? Path : never;
}[keyof Paths] &
  string;
export type OperationOf<Paths, Path, Method extends HttpMethod> = Path extends keyof Paths
  ? Paths[Path] extends { [M in Method]: infer Op }
    ? Op
    : never
  : never;

/** What a call of the operation accepts: openapi-fetch's options and the client's own. */
export type InitOf<Paths, Path, Method extends HttpMethod> = MaybeOptionalInit<Paths[Path & keyof Paths] & Record<string, any>, Method> & CallOptions;

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
/** Any key outside `Allowed` is typed `never`, so that `{ timeout: 200 }` fails to compile. */
export type NoExtraKeys<Init, Allowed> = { [K in Exclude<keyof Init, keyof NonNullable<Allowed>>]: never };
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type IsUnion<T> = [T] extends [UnionToIntersection<T>] ? false : true;
/**
 * The init argument: required when the operation needs params or a body, with no unknown keys.
 * When the path is not one of the area's, inference leaves `Path` the union of all paths: the init
 * is then optional, so that the compiler's error names the path rather than the argument count.
 */
export type InitParam<Init, Allowed, Path = never> = [RequiredKeys<Init>] extends [never]
  ? [(Init & NoExtraKeys<Init, Allowed>)?]
  : IsUnion<Path> extends true
    ? [(Init & NoExtraKeys<Init, Allowed>)?]
    : [Init & NoExtraKeys<Init, Allowed>];

export type CallMethod<Paths, Method extends HttpMethod, Area extends AreaErrorKey, ThrowOnError extends boolean> = <
  Path extends PathsWith<Paths, Method>,
  Init extends InitOf<Paths, Path, Method>,
>(
  url: Path,
  ...init: InitParam<Init, InitOf<Paths, Path, Method>, Path>
) => Promise<CallResult<Area, OperationOf<Paths, Path, Method>, Init, ThrowOnError>>;

/**
 * A client of one area: openapi-fetch's methods, each answering with typed `data` or a typed `failure`.
 * The variance is stated (`in out`, `out`): left to the compiler, measuring it through the methods'
 * conditional types took 3 to 4 s of every program that passes a client to a generic helper.
 */
export interface PlatformHttpClient<
  in out Paths extends {},
  out Area extends AreaErrorKey,
  out ThrowOnError extends boolean = false,
  out Paged extends PaginationTable = {},
> {
  GET: CallMethod<Paths, 'get', Area, ThrowOnError>;
  PUT: CallMethod<Paths, 'put', Area, ThrowOnError>;
  POST: CallMethod<Paths, 'post', Area, ThrowOnError>;
  DELETE: CallMethod<Paths, 'delete', Area, ThrowOnError>;
  OPTIONS: CallMethod<Paths, 'options', Area, ThrowOnError>;
  HEAD: CallMethod<Paths, 'head', Area, ThrowOnError>;
  PATCH: CallMethod<Paths, 'patch', Area, ThrowOnError>;
  TRACE: CallMethod<Paths, 'trace', Area, ThrowOnError>;
  /** Adds openapi-fetch middleware (`onRequest`, `onResponse`, `onError`) to every later call of this client. */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
  /** The area, for example `video`. */
  readonly area: Area;
  /** The area's paged operations and how they page (their `x-pagination`), read by `paginate`. */
  readonly pagination: Paged;
}

/** How a client of an area behaves; each call may override `timeoutMs` and `retry`. */
export interface ClientBehaviour<ThrowOnError extends boolean = boolean> {
  /** Time limit of a call in ms, retries included; `false` or absent for none (as with fetch). */
  timeoutMs?: number | false;
  /** Retries of network errors, 429 and 5xx on idempotent methods; `false` for none. Default 2 retries. */
  retry?: RetrySetting;
  /** Throw the typed error of a failure status instead of returning it as `failure`. Default false. */
  throwOnError?: ThrowOnError;
  /** openapi-fetch middleware run on every call (see `use`). */
  middleware?: readonly Middleware[];
}

export interface TypedClientSetup {
  area: AreaErrorKey;
  /** Makes the area's error: `new VideoApiError(init)`. */
  createError: (init: ApiErrorInit<number, unknown>) => Error;
  /** The raw fetch (for a call's own retries). */
  fetch: typeof globalThis.fetch;
  /** Values never to show in an error (the access key); an error leaves out every form they may come back in. */
  secrets: readonly string[];
  behaviour: ClientBehaviour;
  pagination: PaginationTable;
  /** Reads a JSON answer of an operation (`GET`, `/path`) with its status. */
  decode: (text: string, method: string, path: string, status: number) => unknown | Promise<unknown>;
  /** What every call waits for first (the exact JSON of `int64: 'bigint'`, loaded on first use). */
  ready?: () => Promise<unknown>;
  /** Loads what makes a call without middleware (direct-call.ts): `options.fetch`, when set, is the call's own retries. */
  direct: () => Promise<DirectCall>;
}

type Init = Record<string, unknown> & CallOptions;
/** The options a direct call takes (a call with any other goes through openapi-fetch's client). */
const DIRECT_OPTIONS = ['params', 'body', 'headers', 'signal', 'timeoutMs', 'retry'];
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

// Loaded on first use and kept (a module's import() still costs a resolution per call).
let failureModule: Promise<typeof import('./failure.js')> | undefined;
const failures = () => (failureModule ??= import('./failure.js'));
let setupModule: Promise<typeof import('./call-setup.js')> | undefined;
const setups = () => (setupModule ??= import('./call-setup.js'));

export function wrapClient<Paths extends {}, Area extends AreaErrorKey, ThrowOnError extends boolean, Paged extends PaginationTable>(
  clientOptions: ClientOptions,
  { area, createError, fetch, secrets, behaviour, pagination, decode, ready, direct }: TypedClientSetup,
): PlatformHttpClient<Paths, Area, ThrowOnError, Paged> {
  const clientTimeout = behaviour.timeoutMs;
  // The client's middleware, kept as openapi-fetch keeps it; openapi-fetch's client itself is made by the first call that goes through it (call-setup.ts).
  const middlewares: Middleware[] = [];
  const lazy: LazyClient = { options: clientOptions, middlewares };
  let directCall: DirectCall | undefined;
  const retrying = (setting: RetrySetting): ClientFetch => createRetryingFetch(fetch, setting);
  /** A call with middleware, or any option of openapi-fetch's but these, goes through openapi-fetch's client (call-setup.ts). */
  const isDirect = (init: Init | undefined) => {
    if (middlewares.length > 0) return false;
    for (const key in init) if (!DIRECT_OPTIONS.includes(key)) return false;
    return true;
  };

  function wrap(method: (typeof METHODS)[number]) {
    return async (url: string, init?: Init) => {
      if (ready) await ready();
      const plain = isDirect(init);
      // The common case is made with its options as given, without a wait; a time limit, retries of its own or openapi-fetch's client are set up by call-setup.ts.
      const { options, deadline, timeoutMs, send }: CallSetup =
        plain && clientTimeout === undefined && !(init && ('timeoutMs' in init || 'retry' in init))
          ? { options: init }
          : await setups().then((module) => module.setUpCall(init, clientTimeout, retrying, plain ? undefined : [lazy, method]));
      let result: RawResult & { failure?: Error };
      try {
        if (send) result = await send(url);
        else {
          const response = await (directCall ??= await direct())(method, url, options);
          // Read here, not in an async function of direct-call.ts's own (fewer allocations a call).
          // An empty body (204, HEAD, Content-Length: 0) reads as '': read below as no data, by failure.ts as no error body.
          const text = await response.text();
          result = response.ok ? { data: text, response } : { error: text, response };
        }
      } catch (error) {
        const call: Call = [method, url, init];
        if ((options?.signal as AbortSignal | undefined)?.aborted && !deadline?.timedOut) throw error; // the caller cancelled: their reason, as fetch does
        const failed = await failures();
        if (deadline?.timedOut) throw failed.timeoutFailure(call, timeoutMs as number);
        throw failed.requestFailure(call, error, secrets);
      } finally {
        deadline?.clear();
      }
      const { response } = result;
      if (response.ok) {
        // Answers are read as text and parsed here, unless the call sets `parseAs`.
        if (options?.parseAs !== undefined) return result;
        try {
          // A JSON answer (`application/json`, `text/json`, `+json`) is parsed with the client's int64 mode; another media type (`text/plain`) is the text; an empty body is no data.
          let data = result.data;
          if (typeof data === 'string')
            data = data === '' ? undefined : JSON_TYPE.test(response.headers.get('content-type') ?? '') ? decode(data, method, url, response.status) : data;
          result.data = data instanceof Promise ? await data : data;
        } catch (error) {
          throw (await failures()).requestFailure([method, url, init], error, secrets, true);
        }
        return result;
      }
      const { body, failure } = (await failures()).apiFailure(createError, [method, url, init], response, result.error, secrets, !send);
      result.error = body;
      result.failure = failure;
      if (behaviour.throwOnError) throw result.failure;
      return result;
    };
  }

  const client = Object.fromEntries(METHODS.map((method) => [method, wrap(method)])) as unknown as PlatformHttpClient<Paths, Area, ThrowOnError, Paged>;
  return Object.assign(client, {
    area: area as Area,
    pagination: pagination as Paged,
    // As openapi-fetch's client's own use and eject.
    use(...middleware: Middleware[]) {
      for (const m of middleware)
        if (m) {
          if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m))
            throw new Error('Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`');
          middlewares.push(m);
        }
    },
    eject(...middleware: Middleware[]) {
      for (const m of middleware) {
        const i = middlewares.indexOf(m);
        if (i !== -1) middlewares.splice(i, 1);
      }
    },
  });
}

/** `application/json`, `text/json` or `application/<name>+json`, with or without parameters, in any case. */
const JSON_TYPE = /^\s*(application\/json|text\/json|application\/[^/;\s]+\+json)\s*(;|$)/i;
