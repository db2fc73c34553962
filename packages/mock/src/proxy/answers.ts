// What the proxy answers of its own (a problem with the violations in `sl-violations`), the
// upstream's headers it passes on, and the request headers that carry credentials.
import type { DoorAnswer } from '../doors/door.ts';
import type { ServedOperation } from '../engine/answer.ts';
import type { OpenApiDocument } from '../engine/area.ts';

/** The upstream's headers, but its CORS headers: who may read an answer from the mock is the mock's rule (doors/http/access.ts). */
export function answerHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith('access-control-')) kept[name] = value;
  return kept;
}

/** Header values must be Latin-1 (as door-answers.ts writes `sl-violations`). */
export const headerText = (violations: unknown[]) =>
  JSON.stringify(violations)
    .slice(0, 8000)
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function problem(
  status: number,
  title: string,
  detail: string,
  violations: DoorAnswer['violations'],
  operation: ServedOperation | undefined,
): DoorAnswer {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail });
  const headers: Record<string, string> = { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)) };
  if (violations.length > 0) headers['sl-violations'] = headerText(violations);
  return { status, headers, body, operation, violations };
}

/** Request headers that carry credentials, from the contracts' security schemes (API keys in headers, HTTP authentication). */
export function credentialHeaderNames(documents: Iterable<OpenApiDocument>): Set<string> {
  const names = new Set(['authorization', 'cookie', 'proxy-authorization']);
  for (const document of documents) {
    const schemes = ((document.components as Record<string, unknown> | undefined)?.securitySchemes ?? {}) as Record<
      string,
      { type?: string; in?: string; name?: string }
    >;
    for (const scheme of Object.values(schemes)) if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name) names.add(scheme.name.toLowerCase());
  }
  return names;
}
