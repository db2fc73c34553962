// Two normalised answers compared: the status, the headers the contract names, the body path by
// path. Each difference names its JSON path, both values and the contract element's source.
import type { Operation } from '@platform-contracts/contracts';
import type { NormalisedAnswer } from './cassette.ts';
import { bodyOf, elementAt, headersOf, responseOf, sourceOf } from './elements.ts';

export type DifferenceKind = 'status' | 'header' | 'value' | 'missing' | 'extra' | 'order';

export interface Difference {
  kind: DifferenceKind;
  /** `status`, `header content-type`, or the body's JSON path (`$.items[0].name`). */
  path: string;
  /** What the cassette holds (the recorded target) and what the mock answered; undefined when absent. */
  expected: unknown;
  actual: unknown;
  /** The contract element's source, `openapi/<area>/...yaml:LINE`. */
  source: string;
  /** The element itself: a JSON Pointer into the area's bundle. */
  pointer: string;
}

const jsonPath = (tokens: readonly string[]) =>
  `$${tokens.map((t) => (/^\d+$/.test(t) ? `[${t}]` : /^[A-Za-z_$][\w$]*$/.test(t) ? `.${t}` : `[${JSON.stringify(t)}]`)).join('')}`;
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** Where each recorded item stands in the mock's list: `[1, 0]` for two items swapped. */
function positions(expected: unknown[], actual: unknown[]): number[] {
  const left = actual.map(canonical);
  return expected.map((item) => {
    const at = left.indexOf(canonical(item));
    left[at] = '';
    return at;
  });
}

/** The body's differences as JSON paths (tokens), deepest first found. */
function bodyDifferences(
  expected: unknown,
  actual: unknown,
  tokens: string[] = [],
): { kind: DifferenceKind; tokens: string[]; expected: unknown; actual: unknown }[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length === actual.length && canonical(expected) !== canonical(actual)) {
      const sorted = (list: unknown[]) => list.map(canonical).sort().join('\n');
      if (sorted(expected) === sorted(actual)) return [{ kind: 'order', tokens, expected: positions(expected, actual), actual: actual.map((_, i) => i) }];
    }
    const found = [];
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= actual.length) found.push({ kind: 'missing' as const, tokens: [...tokens, String(i)], expected: expected[i], actual: undefined });
      else if (i >= expected.length) found.push({ kind: 'extra' as const, tokens: [...tokens, String(i)], expected: undefined, actual: actual[i] });
      else found.push(...bodyDifferences(expected[i], actual[i], [...tokens, String(i)]));
    }
    return found;
  }
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    return keys.flatMap((key) => {
      const at = [...tokens, key];
      if (!(key in actual)) return [{ kind: 'missing' as const, tokens: at, expected: expected[key], actual: undefined }];
      if (!(key in expected)) return [{ kind: 'extra' as const, tokens: at, expected: undefined, actual: actual[key] }];
      return bodyDifferences(expected[key], actual[key], at);
    });
  }
  return canonical(expected) === canonical(actual) ? [] : [{ kind: 'value', tokens, expected, actual }];
}

/** Every difference between the recorded answer and the mock's, each placed in the contract. */
export function compareAnswers(operation: Operation, expected: NormalisedAnswer, actual: NormalisedAnswer): Difference[] {
  const { area } = operation;
  const placed = (difference: Omit<Difference, 'source' | 'pointer'>, element: { pointer: string } | undefined): Difference => {
    const pointer = element?.pointer ?? operation.pointer;
    return { ...difference, source: sourceOf(area, pointer), pointer };
  };
  if (expected.status !== actual.status) {
    const response = responseOf(operation, expected.status) ?? responseOf(operation, actual.status);
    return [placed({ kind: 'status', path: 'status', expected: expected.status, actual: actual.status }, response)];
  }
  const differences: Difference[] = [];
  const headers = headersOf(operation, expected.status);
  for (const name of [...new Set([...Object.keys(expected.headers), ...Object.keys(actual.headers)])].sort()) {
    if (expected.headers[name] === actual.headers[name]) continue;
    const element = headers.get(name) ?? responseOf(operation, expected.status);
    differences.push(placed({ kind: 'header', path: `header ${name}`, expected: expected.headers[name], actual: actual.headers[name] }, element));
  }
  const body = bodyOf(operation, expected.status, expected.headers['content-type']);
  for (const found of bodyDifferences(expected.body, actual.body)) {
    const element = body ? elementAt(area, body, found.tokens) : responseOf(operation, expected.status);
    differences.push(placed({ kind: found.kind, path: jsonPath(found.tokens), expected: found.expected, actual: found.actual }, element));
  }
  return differences;
}

const MAX_SHOWN = 200;
const shown = (value: unknown) => {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
};

/** One line a reviewer can act on. */
export function describeDifference(where: string, difference: Difference): string {
  const what: Record<DifferenceKind, string> = {
    status: 'status',
    header: 'header',
    value: 'value',
    missing: 'missing in the mock’s answer',
    extra: 'extra in the mock’s answer',
    order: 'same items, other order: each recorded item’s place in the mock’s list',
  };
  return `${where}: ${difference.path} (${what[difference.kind]}): recorded ${shown(difference.expected)}, mock ${shown(difference.actual)} [${difference.source}]`;
}
