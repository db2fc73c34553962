// Normalising one exchange: the answer's body walked path by path, each value given the rule of
// its contract element (normalisation.ts); the request's values that earlier answers or the
// inputs gave replaced by their references, so that a replay can send the target's own values.
import type { Operation } from '@platform-contracts/contracts';
import { bodyOf, childOf, type Element } from './elements.ts';
import { pathRuleOf, type Rule, ruleOf } from './normalisation.ts';
import { inputOfField } from './scenario.ts';

/** A string-valued answer shorter than this is never taken for a reference to an earlier value. */
const MIN_REFERRED_LENGTH = 8;
const SKIPPED = '<skipped>';
const REFERENCE = /<[A-Za-z]+(?::[\w-]+)?>/g;

/** The references of one cassette (or of one replay): each value once, `<Kind:n>` in order of appearance. */
export class References {
  private readonly byValue = new Map<string, string>();
  private readonly values = new Map<string, unknown>();
  private readonly counts = new Map<string, number>();
  /** Values that must never be written (tokens, keys), whatever their reference. */
  readonly secrets = new Set<string>();

  /** The reference of a value, made on first sight. */
  refer(name: string, value: unknown, secret = false): string {
    if (secret) this.secrets.add(String(value));
    const known = this.byValue.get(String(value));
    if (known) return known;
    const count = (this.counts.get(name) ?? 0) + 1;
    this.counts.set(name, count);
    return this.bind(`<${name}:${count}>`, value);
  }

  /** A reference with a fixed name (`<AccessKey>`, `<Input:libraryId>`). */
  bind(reference: string, value: unknown): string {
    this.byValue.set(String(value), reference);
    this.values.set(reference, value);
    return reference;
  }

  referenceOf(value: unknown): string | undefined {
    return this.byValue.get(String(value));
  }

  valueOf(reference: string): unknown {
    return this.values.get(reference);
  }

  /** Every reference in a text replaced by its value (a reference this side never saw stays). */
  fill(text: string): string {
    return text.replace(REFERENCE, (reference) => (this.values.has(reference) ? String(this.values.get(reference)) : reference));
  }
}

function apply(rule: Rule, value: unknown, refs: References): unknown {
  if (rule.kind === 'skip') return SKIPPED;
  if (value === null || value === undefined) return value;
  if (rule.kind === 'shape') return rule.test(value) ? `<${rule.name}>` : value;
  return refs.refer(rule.name, value, rule.secret);
}

/** A value with no rule: an input's reference where the property holds that input, an earlier reference's value, or as it is. */
function leaf(value: unknown, property: string | undefined, refs: References): unknown {
  const input = property === undefined ? undefined : inputOfField(property);
  if (input && refs.referenceOf(value) === `<Input:${input}>`) return `<Input:${input}>`;
  if (typeof value === 'string' && value.length >= MIN_REFERRED_LENGTH) return refs.referenceOf(value) ?? value;
  return value;
}

/**
 * The answer's body normalised. Keys are walked in sorted order, so two targets that write an
 * object's keys in another order still number its new references alike.
 */
export function normaliseBody(operation: Operation, status: number, contentType: string | undefined, body: unknown, refs: References): unknown {
  const root = bodyOf(operation, status, contentType);
  const walk = (value: unknown, tokens: string[], element: Element | undefined): unknown => {
    const rule = element ? ruleOf(operation.area, element) : pathRuleOf(operation.operationId, tokens);
    if (rule) return apply(rule, value, refs);
    const child = (token: string) => (element ? childOf(operation.area, element, token) : undefined);
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...tokens, String(index)], child(String(index))));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value).sort()) out[key] = walk((value as Record<string, unknown>)[key], [...tokens, key], child(key));
      return out;
    }
    return leaf(value, tokens.at(-1), refs);
  };
  return walk(body, [], root && typeof body === 'object' ? root : undefined);
}

/** A request's value with every value a reference knows replaced by it (the access key, inputs, ids, tokens). */
export function normaliseRequestValue(value: unknown, refs: References): unknown {
  if (Array.isArray(value)) return value.map((item) => normaliseRequestValue(item, refs));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normaliseRequestValue(item, refs)]));
  }
  if (typeof value === 'string') return referText(value, refs);
  return value === null ? null : (refs.referenceOf(value) ?? value);
}

/** A text (a path, a header) with every known value inside it replaced by its reference. */
export function referText(text: string, refs: References): string {
  const whole = refs.referenceOf(text);
  if (whole) return whole;
  const [, scheme, credential] = /^(Bearer |Basic )(.+)$/i.exec(text) ?? [];
  if (scheme && credential) return `${scheme}${refs.referenceOf(credential) ?? '<Secret>'}`;
  return text;
}

/** A path segment as its value (a malformed escape stays as written: the cassette shows what was sent). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path or query string with each segment or value a reference knows replaced by it. */
export function referTarget(target: string, refs: References): string {
  const [pathPart = '', query] = target.split('?');
  const segments = pathPart.split('/').map((segment) => referText(decoded(segment), refs));
  const params = query === undefined ? undefined : new URLSearchParams(query);
  const shownQuery = params ? [...params].map(([key, value]) => `${key}=${referText(value, refs)}`).join('&') : '';
  return `${segments.join('/')}${shownQuery ? `?${shownQuery}` : ''}`;
}

/** A request's value as a replay sends it: each reference replaced by the replay's own value, with that value's type. */
export function fillRequestValue(value: unknown, refs: References): unknown {
  if (Array.isArray(value)) return value.map((item) => fillRequestValue(item, refs));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillRequestValue(item, refs)]));
  if (typeof value === 'string' && /^<[^<>]+>$/.test(value) && refs.valueOf(value) !== undefined) return refs.valueOf(value);
  return typeof value === 'string' ? refs.fill(value) : value;
}
