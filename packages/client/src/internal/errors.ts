// The errors a call can end with: an answer with a failure status (one subclass per area, with
// the area's error body typed by status), or no usable answer at all (network, timeout).
// None of them holds the request, its headers or the client's options, so no access key or
// token can reach a message, `toString()`, `util.inspect` or `JSON.stringify`.

/** Which call failed. */
export interface CallInfo {
  /** The HTTP method, for example `GET`. */
  method: string;
  /** The request path with its parameters filled in, without the base URL and the query. */
  path: string;
  /** The answer's `X-Request-Id` (or `Request-Id`) header; else an ID made up by the client. */
  requestId: string;
}

export interface ApiErrorInit<Status extends number, Body> extends CallInfo {
  status: Status;
  body: Body;
}

/**
 * The service answered with a failure status (4xx or 5xx). `status` narrows `body` to the error
 * body the contract documents for that status (undefined where it documents none).
 */
export abstract class PlatformApiError<Status extends number = number, Body = unknown> extends Error {
  /** The area that answered, for example `video`. */
  abstract readonly area: string;
  readonly status: Status;
  /** The error body as the contract describes it for `status`; undefined for an empty answer. */
  readonly body: Body;
  readonly method: string;
  readonly path: string;
  readonly requestId: string;

  constructor({ status, body, method, path, requestId }: ApiErrorInit<Status, Body>) {
    super(`${method} ${path} answered ${status}: ${describe(status, body)} (request ${requestId})`);
    this.status = status;
    this.body = body;
    this.method = method;
    this.path = path;
    this.requestId = requestId;
  }
}

/** The call got no usable answer: the network failed, or the answer could not be read. */
export class PlatformRequestError extends Error {
  override name = 'PlatformRequestError';
  readonly method: string;
  readonly path: string;
  readonly requestId: string;

  constructor({ method, path, requestId }: CallInfo, reason: string, options?: { cause?: unknown }) {
    super(`${method} ${path} failed: ${reason} (request ${requestId})`, options);
    this.method = method;
    this.path = path;
    this.requestId = requestId;
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

const STATUS_HINTS: Record<number, string> = {
  400: 'the request was invalid',
  401: 'authentication failed (check the access key or token)',
  403: 'not allowed for this access key',
  404: 'not found',
  408: 'the server timed out',
  409: 'conflict',
  429: 'too many requests',
};

/** A one-line summary of an error body, whatever the area's shape; a hint for an empty one. */
function describe(status: number, body: unknown): string {
  const text = typeof body === 'string' ? body.trim() : body && typeof body === 'object' ? summarize(body as Record<string, unknown>) : '';
  if (text) return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  const hint = STATUS_HINTS[status] ?? (status >= 500 ? 'server error' : 'request failed');
  return body === undefined || body === null || body === '' ? `${hint} (no error body)` : `${hint} ${JSON.stringify(body).slice(0, 300)}`;
}

// StatusModel and database errors carry `message`, DNS and storage `Message`, problem objects
// `title`/`detail` and field `errors`, the shield envelope a nested `error.message`.
function summarize(body: Record<string, unknown>): string {
  const nested = body.error && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : undefined;
  const main = [body.message, body.Message, body.title, body.detail, nested?.message].filter(
    (part, i, all): part is string => typeof part === 'string' && part !== '' && all.indexOf(part) === i,
  );
  const fields = Array.isArray(body.errors)
    ? body.errors.map((e: { field?: unknown; message?: unknown }) => `${String(e.field ?? '')}: ${String(e.message ?? '')}`)
    : [];
  if (typeof body.Field === 'string' && body.Field !== '') fields.push(`field ${body.Field}`);
  return [...main, ...fields].join('; ');
}

/** The value with every occurrence of a secret in its strings replaced (error bodies may echo input). */
export function redact<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value as string) as T;
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redact(item, secrets)])) as T;
  }
  return value;
}

/** The answer's request ID header, else a fresh one (random, not a secret). */
export function requestIdOf(response: Response | undefined): string {
  return response?.headers.get('x-request-id') ?? response?.headers.get('request-id') ?? newRequestId();
}

export function newRequestId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  // randomUUID exists in Node, edge runtimes and browsers on secure origins.
  return crypto?.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
