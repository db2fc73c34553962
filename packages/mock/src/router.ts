// Path matching compiled once at start-up. Prism's own router sorts every operation on every
// request; the engine hands Prism only the operations whose path can match, so that Prism still
// decides (concrete paths before templated ones, 404 and 405) but over a handful of candidates.
import type { IHttpOperation } from '@stoplight/types';

/** One path segment of a template: literal text, or a pattern for a segment with `{name}` in it. */
type Segment = string | RegExp;

interface CompiledPath {
  /** Segments as Prism compares them: a templated segment matches any text around its literals. */
  segments: Segment[];
  /** The whole template, anchored, with one capture per parameter. */
  pattern: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TEMPLATED = /\{[^}]+\}/;

/** `decodeURIComponent`, leaving text that is not valid percent-encoding as sent. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const compiled = new Map<string, CompiledPath>();

function compile(template: string): CompiledPath {
  let path = compiled.get(template);
  if (path) return path;
  const names: string[] = [];
  const source = template.split(/(\{[^}]+\})/).map((part) => {
    const name = /^\{([^}]+)\}$/.exec(part)?.[1];
    if (name === undefined) return escape(part);
    names.push(name);
    return '([^/]+)';
  });
  const segments = template
    .split('/')
    .slice(1)
    .map((segment) => (TEMPLATED.test(segment) ? new RegExp(escape(segment).replace(/\\\{[^\\]+\\\}/g, '(.*)')) : segment));
  path = { segments, pattern: new RegExp(`^${source.join('')}$`), names };
  compiled.set(template, path);
  return path;
}

/** Path parameters of a concrete path against a template such as /library/{libraryId}/videos. */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const { pattern, names } = compile(template);
  const match = pattern.exec(path);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, safeDecode(match[i + 1]!)]));
}

/** Whether Prism's router would consider the template a match for the path (any method). */
function couldMatch({ segments }: CompiledPath, fragments: string[]): boolean {
  if (segments.length !== fragments.length) return false;
  return segments.every((segment, i) => (typeof segment === 'string' ? segment === fragments[i] : segment.test(fragments[i]!)));
}

export function createRouter(operations: IHttpOperation[]) {
  const routes = operations.map((operation) => ({ operation, path: compile(operation.path) }));
  return {
    /**
     * The operations Prism should route among: those whose path matches, any method (so that
     * Prism can answer 405), or every operation when none does (so that Prism answers 404).
     */
    candidates(path: string): IHttpOperation[] {
      const fragments = path.split('/').slice(1).map(safeDecode);
      const matching = routes.filter((route) => couldMatch(route.path, fragments)).map((route) => route.operation);
      return matching.length > 0 ? matching : operations;
    },
  };
}
