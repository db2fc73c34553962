// What the proxy keeps of the traffic (report examples, recorded answers, log lines) never holds
// a secret: the credentials the request carried (wherever the answer echoes them), the values of
// properties the contracts mark secret (`x-sensitive`, `format: password`), values under names
// that say secret, and anything shaped like a JWT, each replaced by one placeholder.
import type { OpenApiDocument } from '../engine/area.ts';

const PLACEHOLDER = '[redacted]';
/** Property and parameter names that hold secrets whatever the contracts say. */
const SECRET_NAME = /password|passwd|passphrase|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|auth(orization)?$|credential|signature|cookie/i;
const JWT = /\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g;
/** Credentials shorter than this are not searched for inside other text (a one-letter key would blank every answer). */
const MIN_SECRET_LENGTH = 4;
/** A kept example's JSON is cut beyond this many characters. */
const MAX_EXAMPLE_CHARS = 2000;

/** Names of the properties the contracts mark secret, in every served area. */
export function sensitiveNames(documents: Iterable<OpenApiDocument>): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null) {
      for (const [name, schema] of Object.entries(properties)) {
        const marked = schema as { 'x-sensitive'?: unknown; format?: unknown };
        if (marked?.['x-sensitive'] === true || marked?.format === 'password') names.add(name);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  for (const document of documents) visit(document.components);
  return names;
}

/** The credentials a request carries: its credential headers' values (and a bearer token alone). */
export function credentialsOf(headers: Record<string, string>, credentialHeaders: Set<string>): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!credentialHeaders.has(name) && !SECRET_NAME.test(name)) continue;
    found.push(value);
    const token = /^(Bearer|Basic|Token)\s+(\S+)$/i.exec(value)?.[2];
    if (token) found.push(token);
  }
  return found.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

export function createRedactor(secretNames: Set<string>) {
  const isSecretName = (name: string) => secretNames.has(name) || SECRET_NAME.test(name);

  function redactText(text: string, secrets: readonly string[]): string {
    let out = text.replace(JWT, PLACEHOLDER);
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(PLACEHOLDER);
    return out;
  }

  /** A copy with every secret replaced: strings under secret names, credentials anywhere, JWTs. */
  function redact<T>(value: T, secrets: readonly string[], underSecretName = false): T {
    if (typeof value === 'string') return (underSecretName ? PLACEHOLDER : redactText(value, secrets)) as T;
    if (Array.isArray(value)) return value.map((item) => redact(item, secrets, underSecretName && typeof item === 'string')) as T;
    if (typeof value === 'object' && value !== null) {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) copy[redactText(key, secrets)] = redact(item, secrets, isSecretName(key));
      return copy as T;
    }
    return value;
  }

  /** A request target with the values of secret-named query parameters and the credentials redacted. */
  function redactTarget(rawPath: string, search: string, secrets: readonly string[]): string {
    if (search === '') return redactText(rawPath, secrets);
    const query = search
      .split('&')
      .map((pair) => {
        const [name = '', ...rest] = pair.split('=');
        return rest.length > 0 && isSecretName(safeDecode(name)) ? `${name}=${PLACEHOLDER}` : pair;
      })
      .join('&');
    return redactText(`${rawPath}?${query}`, secrets);
  }

  return { redact, redactText, redactTarget };
}

/** An example value small enough for a report: its JSON cut at MAX_EXAMPLE_CHARS (then as text). */
export function shortened(value: unknown, stringify: (value: unknown) => string): unknown {
  if (value === undefined) return undefined;
  const text = stringify(value);
  return text.length <= MAX_EXAMPLE_CHARS ? value : `${text.slice(0, MAX_EXAMPLE_CHARS)}… (${text.length} characters)`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
