// Secrets out of what a failure keeps (its body, request ID and cause), and the answer's request
// ID: loaded with a call's first failure (failure.ts), never up front.

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
