// Who may talk to the HTTP door. The mock runs on developers' laptops while they browse the web,
// so it assumes a hostile page in the same browser (as Vite and webpack-dev-server do since
// CVE-2025-24010 and CVE-2025-30359/30360):
// - Host allow-list: a request whose Host is not a loopback name or address, `*.localhost`, the
//   host the mock listens on or one the user allows is refused: this stops DNS rebinding, which
//   CORS cannot see (the page and the mock then share an origin).
// - Origins: CORS headers only for loopback origins, the mock's own origin and the ones the user
//   lists; any other Origin is refused (403), so that a simple cross-origin request (one the
//   browser sends without asking first) cannot change state either.
// - Preflights allow only the headers the API uses (derived from the contracts) and the mock's own.
// Both doors' WebSocket upgrades call `refusal()` too.
import { isIPv4, isIPv6 } from 'node:net';
import { CONTROL_HEADER } from '../../controls/protocol.ts';
import { remembered } from '../../engine/remembered.ts';

export interface AccessOptions {
  /**
   * Hosts (names or addresses, without port) the mock answers besides loopback ones and
   * `*.localhost`: `'mock.test'`, or `'.example.test'` for the name and every name under it;
   * `'*'` turns the check off. Flag `--allowed-host`.
   */
  allowedHosts?: string[];
  /**
   * Origins allowed to call the mock from a browser besides loopback ones and the mock's own:
   * `'https://app.example.test'`; `'null'` for pages opened from a file (so does any sandboxed
   * frame: allow it only when you need it); `'*'` allows every origin. Flag `--cors-origin`.
   */
  corsOrigins?: string[];
}

/** Request headers the mock reads whatever the contracts say. */
const MOCK_HEADERS = ['accept', 'content-type', 'prefer', CONTROL_HEADER];
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** Loopback: `localhost` and names under it, 127.0.0.0/8, ::1 (and 127.x mapped into IPv6). */
export function isLoopback(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIPv4(name)) return name.startsWith('127.');
  if (isIPv6(name)) return name === '::1' || /^::ffff:127\./.test(name) || /^::ffff:7f[0-9a-f]{2}:/.test(name);
  return false;
}

/** The host name of a Host header (`name:port`, `[v6]:port`), lower case; undefined when it is not one. */
function hostnameOf(host: string): string | undefined {
  if (/[/\\@?#\s]/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

function originOf(origin: string): URL | undefined {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? undefined : url;
  } catch {
    return undefined;
  }
}

const HOST_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/i;

/** What is wrong with an `allowedHosts` or `corsOrigins` entry, if anything (one line, naming the flag). */
export function accessOptionError(options: AccessOptions): string | undefined {
  for (const host of options.allowedHosts ?? []) {
    const name = typeof host === 'string' ? host.replace(/^\./, '').replace(/^\[(.*)\]$/, '$1') : '';
    if (host !== '*' && !isIPv4(name) && !isIPv6(name) && !HOST_NAME.test(name)) {
      return `--allowed-host (allowedHosts) takes a host name or address without scheme or port, ".name" for it and every name under it, or "*"; got ${JSON.stringify(host)}`;
    }
  }
  for (const origin of options.corsOrigins ?? []) {
    if (origin !== '*' && origin !== 'null' && (typeof origin !== 'string' || originOf(origin)?.origin !== origin.replace(/\/$/, '').toLowerCase())) {
      return `--cors-origin (corsOrigins) takes an origin such as https://app.example.test:8443 (scheme, host and port only), "null" or "*"; got ${JSON.stringify(origin)}`;
    }
  }
  return undefined;
}

export interface AccessPolicyInput extends AccessOptions {
  /** The host the server listens on (allowed as a Host unless it is a wildcard address). */
  listenHost: string;
  /** Header names the contracts' parameters and security schemes use. */
  apiHeaders: string[];
}

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;

export function createAccessPolicy(input: AccessPolicyInput) {
  const hosts = (input.allowedHosts ?? []).map((host) => host.toLowerCase().replace(/^\[|\]$/g, ''));
  const anyHost = hosts.includes('*');
  const listen = input.listenHost.toLowerCase().replace(/^\[|\]$/g, '');
  if (!['0.0.0.0', '::', ''].includes(listen)) hosts.push(listen);
  const origins = new Set((input.corsOrigins ?? []).map((origin) => (origin === 'null' || origin === '*' ? origin : (originOf(origin)?.origin ?? origin))));
  const allowHeaders = [...new Set([...input.apiHeaders, ...MOCK_HEADERS].map((name) => name.toLowerCase()))].sort().join(', ');

  /** Decisions by Host header, remembered (a few hosts call a mock; the cache is cleared when it fills). */
  const decided = remembered((host) => decideHost(host), { kept: 256 });
  function hostAllowed(host: string | undefined): boolean {
    return host === undefined || anyHost || decided(host);
  }

  function decideHost(host: string): boolean {
    const name = hostnameOf(host);
    if (name === undefined) return false;
    const bare = name.replace(/^\[|\]$/g, '');
    return isLoopback(bare) || hosts.some((allowed) => bare === allowed || (allowed.startsWith('.') && (bare === allowed.slice(1) || bare.endsWith(allowed))));
  }

  /** Whether a browser page of this origin may call the mock reached at `host` (its own origin: same host and port). */
  function originAllowed(origin: string, host: string | undefined): boolean {
    if (origins.has('*') || origins.has(origin)) return true;
    const url = originOf(origin);
    if (!url) return false;
    return origins.has(url.origin) || isLoopback(url.hostname) || (host !== undefined && url.host === host.toLowerCase());
  }

  return {
    allowHeaders,
    /** Why a request (or WebSocket upgrade) with these headers is refused, in one line naming the option; undefined: accepted. */
    refusal(headers: { host?: string; origin?: string }): string | undefined {
      if (!hostAllowed(headers.host)) {
        return `Host ${JSON.stringify(headers.host)} is not allowed: the mock answers loopback hosts and *.localhost; allow another with --allowed-host NAME (option allowedHosts).`;
      }
      if (headers.origin !== undefined && !originAllowed(headers.origin, headers.host)) {
        return `Origin ${JSON.stringify(headers.origin)} is not allowed: the mock answers pages of loopback origins and its own; allow another with --cors-origin ORIGIN (option corsOrigins).`;
      }
      return undefined;
    },
    /** CORS headers for an answer to an accepted request: only when it carries an Origin. */
    corsHeaders(origin: string | undefined): Record<string, string> {
      if (origin === undefined) return {};
      return { 'access-control-allow-origin': origin, 'access-control-expose-headers': '*', vary: 'Origin' };
    },
    /** The answer to an accepted preflight: the methods, and only the headers the API and the mock read. */
    preflightHeaders(origin: string | undefined): Record<string, string> {
      return {
        ...this.corsHeaders(origin),
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers': allowHeaders,
        'access-control-max-age': '600',
      };
    },
  };
}
