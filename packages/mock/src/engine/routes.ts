// Path matching compiled once at start: a request path is split into raw segments and compared
// with each template; concrete segments win over templated ones, as in OpenAPI's own rule.
import type { CompiledOperation } from './contract.ts';

interface Route {
  operation: CompiledOperation;
  /** Per segment: literal text, or a pattern with one capture per parameter. */
  segments: (string | { pattern: RegExp; names: string[] })[];
  literals: number;
}

export type RouteMatch =
  | { kind: 'operation'; operation: CompiledOperation; rawParams: Record<string, string> }
  | { kind: 'no-path' }
  | { kind: 'no-method'; allow: string[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileRoute(operation: CompiledOperation): Route {
  let literals = 0;
  const segments = operation.path
    .split('/')
    .slice(1)
    .map((segment) => {
      if (!segment.includes('{')) {
        literals++;
        return segment;
      }
      const names: string[] = [];
      const source = segment.split(/(\{[^}]+\})/).map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name === undefined) return escapeRegExp(part);
        names.push(name);
        return '(.*?)';
      });
      return { pattern: new RegExp(`^${source.join('')}$`), names };
    });
  return { operation, segments, literals };
}

/** `decodeURIComponent`, or undefined for text that is not valid percent-encoding. */
export function decodeSegment(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** How many paths' matches are remembered at most (path texts are bounded by the header size limit). */
const RECENT_PATHS = 256;

export function createRoutes(operations: CompiledOperation[]) {
  const routes = operations.map(compileRoute).sort((a, b) => b.literals - a.literals);
  /** The routes by their number of segments: a path is compared only with those of its length. */
  const byLength = new Map<number, Route[]>();
  for (const route of routes) byLength.set(route.segments.length, [...(byLength.get(route.segments.length) ?? []), route]);
  function matchAnew(method: string, rawPath: string): RouteMatch {
    const fragments = rawPath.split('/').slice(1);
    const allow = new Set<string>();
    for (const route of byLength.get(fragments.length) ?? []) {
      const rawParams = matchSegments(route, fragments);
      if (!rawParams) continue;
      if (route.operation.method === method) return { kind: 'operation', operation: route.operation, rawParams: Object.freeze(rawParams) };
      allow.add(route.operation.method);
    }
    return allow.size > 0 ? { kind: 'no-method', allow: Object.freeze([...allow]) as string[] } : { kind: 'no-path' };
  }

  /**
   * Matches of recent paths by method, shared (frozen): a door asks for a request's body limit,
   * then for its answer. Keyed by the path itself (no key string made per request: the path's
   * hash is computed once, for both look-ups).
   */
  const recent = new Map<string, Map<string, RouteMatch>>();
  let remembered = 0;
  /** The method and path matched last, and their match: a suite's requests come in runs of one path (no hash of the path, no look-up). */
  let last: { method: string; rawPath: string; found: RouteMatch } = { method: '', rawPath: '', found: { kind: 'no-path' } };
  return {
    /** The operation for a method and a raw (still percent-encoded) path. */
    match(method: string, rawPath: string): RouteMatch {
      if (rawPath === last.rawPath && method === last.method) return last.found;
      const found = matchRecent(method, rawPath);
      last = { method, rawPath, found };
      return found;
    },
  };

  function matchRecent(method: string, rawPath: string): RouteMatch {
    let byPath = recent.get(method);
    let found = byPath?.get(rawPath);
    if (found) return found;
    if (remembered >= RECENT_PATHS) {
      recent.clear();
      remembered = 0;
      byPath = undefined;
    }
    if (!byPath) recent.set(method, (byPath = new Map()));
    byPath.set(rawPath, (found = Object.freeze(matchAnew(method, rawPath))));
    remembered++;
    return found;
  }
}

function matchSegments(route: Route, fragments: string[]): Record<string, string> | undefined {
  if (route.segments.length !== fragments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < fragments.length; i++) {
    const segment = route.segments[i]!;
    const fragment = fragments[i]!;
    if (typeof segment === 'string') {
      if (segment !== fragment && !(fragment.includes('%') && segment === decodeSegment(fragment))) return undefined;
      continue;
    }
    const match = segment.pattern.exec(fragment);
    if (!match) return undefined;
    segment.names.forEach((name, j) => (params[name] = match[j + 1]!));
  }
  return params;
}
