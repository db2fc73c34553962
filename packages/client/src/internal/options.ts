/** A client was constructed with missing or unusable options. */
export class ClientConfigError extends Error {
  override name = 'ClientConfigError';
}

/** Returns the option when it is a non-empty string; otherwise throws a message naming it. */
export function requireString(factory: string, option: string, value: unknown, hint: string): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  const problem = value === undefined || value === null || value === '' ? 'is missing' : 'must be a non-empty string';
  throw new ClientConfigError(`${factory}: option "${option}" ${problem}. ${hint}`);
}

export function requireBaseUrl(factory: string, value: unknown): string {
  const baseUrl = requireString(
    factory,
    'baseUrl',
    value,
    'Pass the API base URL, for example "http://127.0.0.1:4010" for `pnpm mock`.',
  );
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new ClientConfigError(`${factory}: option "baseUrl" must be an absolute http(s) URL, got "${baseUrl}".`);
  }
  return baseUrl.replace(/\/+$/, '');
}
