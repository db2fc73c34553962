// The last guard before a cassette is written: every secret the recording saw (the access key,
// the tokens it was given, values of elements the contracts mark secret) replaced wherever it
// still appears, JWT-shaped values and signed URLs' signatures too; then the text is checked.
const JWT = /\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g;
/** Query parameters that make a URL a credential (signed URLs, tokens in links). */
const SIGNED = /([?&](?:token|signature|sig|x-amz-signature|x-amz-credential|x-goog-signature|authToken|access_token|key)=)[^&#\s"]+/gi;
/** Secrets shorter than this are not searched for inside other text (a one-letter key would blank every answer). */
const MIN_SECRET_LENGTH = 4;

function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('<Secret>');
  return out.replace(JWT, '<Jwt>').replace(SIGNED, '$1<Secret>');
}

/** The value with every secret replaced, in keys and values alike. */
export function scrub<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubText(node, list);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [scrubText(k, list), walk(v)]));
    return node;
  };
  return walk(value) as T;
}

/** Throws, without the secret, when a text still holds one. */
export function assertNoSecret(text: string, secrets: Iterable<string>, where: string): void {
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH && text.includes(secret))
      throw new Error(`${where} would hold a secret (${secret.length} characters); nothing was written`);
  }
  if (new RegExp(JWT.source).test(text)) throw new Error(`${where} would hold a JWT-shaped value; nothing was written`);
}
