// What a call does once it fails, loaded on its first failure (`import()`), so that a client's
// bundle carries only the successful path: the area's error for a failure status, with a message
// written from its body, and the request errors (network, timeout, an unreadable answer), each
// with every secret redacted.
import type { ApiErrorInit, CallInfo } from './api-error.js';
import { PlatformRequestError, PlatformTimeoutError } from './errors.js';
import { redact, redactError, secretForms, serverRequestId } from './redaction.js';

/** A failed call as the typed client knows it: its method, its path (`/library/{libraryId}/videos`) and its options. */
export type Call = readonly [method: string, url: string, init: Record<string, unknown> | undefined];

/** `/library/{libraryId}/videos` with `{ libraryId: 42 }` gives `/library/42/videos`. */
function infoOf([method, url, init]: Call): CallInfo {
  const path = (init?.params as { path?: Record<string, unknown> } | undefined)?.path ?? {};
  return { method, path: url.replace(/\{([^}]+)\}/g, (whole, name: string) => (name in path ? encodeURIComponent(String(path[name])) : whole)) };
}

/**
 * The area's error for a failure answer, its body and request ID redacted: what a call gives as
 * `failure`. A direct call's body (`text`) is parsed here as openapi-fetch parses a failure's
 * body (JSON when it is, else the text).
 */
export function apiFailure(
  createError: (init: ApiErrorInit<number, unknown>) => Error,
  call: Call,
  response: Response,
  rawBody: unknown,
  rawSecrets: readonly string[],
  text = false,
): { body: unknown; failure: Error } {
  const secrets = secretForms(rawSecrets);
  if (text) {
    try {
      rawBody = JSON.parse(rawBody as string);
    } catch {}
  }
  const body = redact(rawBody === '' ? undefined : rawBody, secrets); // an empty body is no body
  const requestId = redact(serverRequestId(response), secrets);
  const { method, path } = infoOf(call);
  const message = `${method} ${path} answered ${response.status}: ${describe(response.status, body)}${requestId ? ` (request ${requestId})` : ''}`;
  return { body, failure: createError({ status: response.status, body, method, path, requestId, message }) };
}

/** No usable answer: the network failed (the error says why), or the answer could not be read (`unreadable`). */
export function requestFailure(call: Call, error: unknown, rawSecrets: readonly string[], unreadable = false) {
  const secrets = secretForms(rawSecrets);
  const message = error instanceof Error ? error.message : String(error);
  // A RangeError is the int64 check's: its message says what the answer holds and what to do.
  const reason = unreadable && !(error instanceof RangeError) ? `the answer is not JSON (${message})` : message;
  return new PlatformRequestError(infoOf(call), redact(reason, secrets), { cause: redactError(error, secrets) });
}

export const timeoutFailure = (call: Call, timeoutMs: number) => new PlatformTimeoutError(infoOf(call), timeoutMs);

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
