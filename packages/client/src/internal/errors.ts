// The errors a call can end with: an answer with a failure status (one subclass per area, with
// the area's error body typed by status), no usable answer at all (network, timeout), or a
// listing the service pages wrongly. None of them holds the request, its headers or the
// client's options, and everything they keep from the server or the network (body, request
// ID, cause) is redacted first, so no secret reaches a message, `toString()`, `util.inspect`
// or `JSON.stringify`. A call makes them in failure.ts, which it loads on its first failure.

/** Which call failed. */
export interface CallInfo {
  /** The HTTP method, for example `GET`. */
  method: string;
  /** The request path with its parameters filled in, without the base URL and the query. */
  path: string;
  /** The answer's `X-Request-Id` (or `Request-Id`) header; undefined when the server sent none. */
  requestId?: string | undefined;
}

export interface ApiErrorInit<Status extends number, Body> extends CallInfo {
  status: Status;
  body: Body;
  /** The message (a call writes it from the body); default `<method> <path> answered <status>`. */
  message?: string;
}

/**
 * The service answered with a failure status (4xx or 5xx). `status` narrows `body` to the error
 * body the contract documents for that status (undefined where it documents none). Each area
 * has its subclass (`VideoApiError`, ...), thrown by its calls and by its helpers alike.
 */
export abstract class PlatformApiError<Status extends number = number, Body = unknown> extends Error {
  /** The area that answered, for example `video`. */
  abstract readonly area: string;
  readonly status: Status;
  /** The error body as the contract describes it for `status`; undefined for an empty answer. */
  readonly body: Body;
  readonly method: string;
  readonly path: string;
  /** The server's request ID, when it sent one (quote it to support). */
  readonly requestId: string | undefined;

  constructor({ status, body, method, path, requestId, message }: ApiErrorInit<Status, Body>) {
    super(message ?? `${method} ${path} answered ${status}`);
    this.status = status;
    this.body = body;
    this.method = method;
    this.path = path;
    this.requestId = requestId;
  }

  toJSON() {
    const { name, area, status, method, path, requestId, body, message } = this;
    return { name, area, status, method, path, requestId, body, message };
  }
}

/** The call got no usable answer: the network failed, or the answer could not be read. */
export class PlatformRequestError extends Error {
  override name = 'PlatformRequestError';
  readonly method: string;
  readonly path: string;

  constructor({ method, path }: CallInfo, reason: string, options?: { cause?: unknown }) {
    super(`${method} ${path} failed: ${reason}`, options);
    this.method = method;
    this.path = path;
  }

  toJSON() {
    return { name: this.name, method: this.method, path: this.path, message: this.message };
  }
}

/** The call took longer than its `timeoutMs`, retries and waits between them included. */
export class PlatformTimeoutError extends PlatformRequestError {
  override name = 'PlatformTimeoutError';
  constructor(
    request: CallInfo,
    readonly timeoutMs: number,
  ) {
    super(request, `no answer within ${timeoutMs} ms`);
  }
}

/** Why `paginate` stopped a listing the service pages wrongly. */
export type PaginationStop = 'repeated-page' | 'no-progress' | 'not-a-page';

/**
 * `paginate` stopped because the service answered a page it had answered before (it ignores the
 * page parameter), a page other than the one asked for, or something that is not a page.
 * The items of the pages before were already given out.
 */
export class PlatformPaginationError extends Error {
  override name = 'PlatformPaginationError';
  constructor(
    readonly reason: PaginationStop,
    readonly method: string,
    readonly path: string,
    /** The page asked for when the walk stopped. */
    readonly page: number,
    detail: string,
  ) {
    super(`${method} ${path}: stopped paging at page ${page}: ${detail}`);
  }
}

/** Each secret as sent and as it may come back (URL-encoded), longest first. */
export function secretForms(secrets: readonly (string | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** The value with every occurrence of a secret in its strings (keys included) replaced. */
export function redact<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value as string) as T;
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets)) as T;
  if (value && typeof value === 'object' && !(value instanceof Error)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secrets), redact(item, secrets)])) as T;
  }
  if (value instanceof Error) return redactError(value, secrets) as T;
  return value;
}

/**
 * A copy of an error (and of its causes) with secrets removed from messages and stacks, keeping
 * the name and `code` (so a network error is still recognisable): what the client keeps as `cause`.
 */
export function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redact(error, secrets) : undefined;
  const cause = 'cause' in error && depth < 5 ? { cause: redactError(error.cause, secrets, depth + 1) } : undefined;
  const copy = new Error(redact(error.message, secrets), cause);
  copy.name = error.name;
  copy.stack = redact(error.stack ?? '', secrets);
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code: redact(code, secrets) });
  return copy;
}

/** The answer's request ID header; undefined when the server sent none. */
export function serverRequestId(response: Response | undefined): string | undefined {
  return response?.headers.get('x-request-id') ?? response?.headers.get('request-id') ?? undefined;
}

/** @deprecated The database client's until it moves to {@link serverRequestId}: the server's ID, else a made-up one. */
export function requestIdOf(response: Response | undefined): string {
  return serverRequestId(response) ?? newRequestId();
}

/** @deprecated See {@link requestIdOf}. */
export function newRequestId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return crypto?.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
