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

/**
 * An environment variable where there is a `process.env` (Node, Deno, Bun, most edge runtimes
 * with compatibility flags); undefined elsewhere, such as in browsers.
 */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value === '' ? undefined : value;
}

/** Where a base URL comes from: an option, else an environment variable. */
export interface BaseUrlSource {
  factory: string;
  /** The option's name, for example `baseUrl` or `apiBaseUrl`. */
  option: string;
  /** The environment variable read when the option is not given. */
  env: string;
}

/** The base URL without trailing slashes, from the option or else the environment variable. */
export function requireBaseUrl({ factory, option, env }: BaseUrlSource, value: unknown): string {
  const baseUrl = requireString(
    factory,
    option,
    value ?? readEnv(env),
    `Pass the API base URL, for example "http://127.0.0.1:4010" for \`pnpm mock\`, or set ${env}.`,
  );
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new ClientConfigError(`${factory}: option "${option}" must be an absolute http(s) URL, got "${withoutCredentials(baseUrl)}".`);
  }
  if (url.username || url.password) {
    throw new ClientConfigError(`${factory}: option "${option}" must not hold credentials (user:password@): the API authenticates with the access key.`);
  }
  return baseUrl.replace(/\/+$/, '');
}

/** A URL with any `user:password@` replaced by `***@`, for messages. */
function withoutCredentials(url: string): string {
  return url.replace(/\/\/[^/?#]*@/, '//***@');
}
