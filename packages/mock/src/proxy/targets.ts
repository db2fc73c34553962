// Where the proxy forwards each area: its upstream groups are the contracts' own, read from each
// area's platform server (its first `servers` entry): `{video_base_url}` is the group `video`,
// `{api_base_url}` the group `api`, `https://{database_host}` the group `database`. One URL for
// every group (`--proxy URL`) or one per group (`--proxy api=URL`); a group's value may also be
// the variable's value alone (`--proxy database=my-db.staging.example` fills `https://{database_host}`).
import { type OpenApiDocument, UsageError } from '../engine/area.ts';

/** One upstream group: a server variable of the contracts and the areas whose platform server it is. */
export interface UpstreamGroup {
  /** `api`: the variable's name without its `_base_url`, `_url` or `_host` suffix. */
  name: string;
  /** `api_base_url`, as the contracts write it. */
  variable: string;
  /** The platform server's URL template: `{api_base_url}`, `https://{database_host}`. */
  template: string;
  areas: string[];
}

/** A base URL the proxy forwards to: scheme, host, port and an optional path prefix (no credentials, query or fragment). */
export interface Upstream {
  group: string;
  url: URL;
}

/** A proxy setting the mock cannot use (the CLI exits 2 with it). */
export class ProxyOptionError extends UsageError {
  override name = 'ProxyOptionError';
}

type Server = { url?: unknown; variables?: Record<string, unknown> };

/** The upstream groups of the served areas, from their contracts, in the order the areas come. */
export function upstreamGroups(documents: Map<string, OpenApiDocument>): UpstreamGroup[] {
  const groups = new Map<string, UpstreamGroup>();
  for (const [area, document] of documents) {
    const server = (document.servers as Server[] | undefined)?.[0];
    const template = typeof server?.url === 'string' ? server.url : undefined;
    const variable = template && /\{([a-z0-9_]+)\}/i.exec(template)?.[1];
    if (!template || !variable)
      throw new ProxyOptionError(
        `the ${area} contract's first server names no variable (${JSON.stringify(template)}): the proxy cannot tell where its area lives`,
      );
    const name = variable.replace(/_(base_url|url|host)$/, '');
    const group = groups.get(name) ?? { name, variable, template, areas: [] };
    if (group.template !== template) throw new ProxyOptionError(`the contracts give the group ${name} two server URLs: ${group.template} and ${template}`);
    group.areas.push(area);
    groups.set(name, group);
  }
  return [...groups.values()];
}

/** `--proxy` values (or `proxy.to`): one URL for every group, `GROUP=URL` for one group. */
export function parseProxyValues(values: string[] | Record<string, string> | string, groups: UpstreamGroup[]): Upstream[] {
  const entries: [string | undefined, string][] =
    typeof values === 'string' ? [[undefined, values]] : Array.isArray(values) ? values.map(splitValue) : Object.entries(values);
  if (entries.length === 0) throw new ProxyOptionError('--proxy (option proxy) needs a URL');
  const byGroup = new Map<string, Upstream>();
  const names = groups.map((g) => g.name).join(', ');
  // A URL for every group first, then the groups named: `--proxy URL --proxy database=URL2`.
  for (const [name, value] of [...entries.filter(([n]) => n === undefined), ...entries.filter(([n]) => n !== undefined)]) {
    const targets = name === undefined ? groups : groups.filter((g) => g.name === name);
    if (targets.length === 0)
      throw new ProxyOptionError(`--proxy ${name}=...: no served area lives on {${name}...}; the groups are ${names} (from the contracts' servers)`);
    for (const group of targets) byGroup.set(group.name, { group: group.name, url: upstreamUrl(value, group) });
  }
  return [...byGroup.values()];
}

function splitValue(value: string): [string | undefined, string] {
  const match = /^([a-z][a-z0-9_-]*)=(.*)$/i.exec(value);
  return match ? [match[1]!, match[2]!] : [undefined, value];
}

/** An upstream's base URL: the value itself when it is an http(s) URL, else the group's template filled with it. */
function upstreamUrl(value: string, group: UpstreamGroup): URL {
  // Credentials in the value are never repeated, not even in the error that refuses them.
  const what = `--proxy ${group.name}=${JSON.stringify(value.replace(/(\/\/)[^/@]*@/, '$1****@'))}`;
  let url: URL;
  try {
    url = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? new URL(value) : new URL(group.template.replace(`{${group.variable}}`, value));
  } catch {
    throw new ProxyOptionError(`${what} is not a URL (for example https://staging.example.test, or for ${group.template} the value of {${group.variable}})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProxyOptionError(
      `${what}: the proxy forwards to http:// or https:// URLs, not ${url.protocol}// (a libsql:// database URL is https:// on the same host)`,
    );
  if (url.username || url.password)
    throw new ProxyOptionError(
      `${what}: a URL with credentials would show them in reports; the requests carry their own (AccessKey, Authorization) and are forwarded with them`,
    );
  if (url.search || url.hash) throw new ProxyOptionError(`${what}: a base URL has no query or fragment`);
  return url;
}

/**
 * The request target sent upstream: the upstream's path prefix, then the request's raw path and
 * query as the client sent them (not normalised: `/a/../b` stays as it is).
 */
export function forwardPath(upstream: URL, rawPath: string, search: string): string {
  return `${upstream.pathname.replace(/\/+$/, '')}${rawPath}${search === '' ? '' : `?${search}`}`;
}

/** How a base URL appears in logs and reports: its origin and path, which carry no secret (credentials are refused). */
export const shownUrl = (url: URL) => `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
