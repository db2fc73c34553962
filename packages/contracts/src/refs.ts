// The one `$ref` resolver of the repository: local references (`#/components/...`) within one
// bundled document, followed until a concrete object, with the pointer where it was found.

/** A `$ref` that cannot be followed: not local, circular, or pointing at nothing. */
export class RefError extends Error {
  override name = 'RefError';
}

const MAX_HOPS = 20;

const isRef = (value: unknown): value is { $ref: string } =>
  typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';

/** `~1` and `~0` unescaped: one JSON Pointer token. */
export const unescapePointerToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');
/** `/` and `~` escaped for a JSON Pointer. */
export const escapePointerToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value at a local JSON Pointer (`#/components/schemas/Video`), or undefined. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '#' || pointer === '#/') return document;
  return pointer
    .slice(2)
    .split('/')
    .map(unescapePointerToken)
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), document);
}

/**
 * Follows `value`'s `$ref` (and the `$ref` it leads to, ...) within the document, and says where
 * it ended: `pointer` is the last `$ref` followed, or `at` when `value` is no reference. A value
 * that is no reference (undefined included) comes back as it is.
 */
export function follow<T = unknown>(document: unknown, value: unknown, at?: string): { value: T; pointer: string | undefined } {
  let current = value;
  let pointer = at;
  for (let hops = 0; isRef(current); hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#')) throw new RefError(`cannot follow $ref ${ref}: only local references (#/...) are followed`);
    if (hops >= MAX_HOPS) throw new RefError(`cannot follow $ref ${ref}: more than ${MAX_HOPS} references in a row (a cycle?)`);
    const next = valueAt(document, ref);
    if (next === undefined) throw new RefError(`$ref ${ref} points at nothing`);
    current = next;
    pointer = ref;
  }
  return { value: current as T, pointer };
}

/** Follows a local `$ref` until a concrete value; anything else comes back as it is. */
export function resolveRef<T = unknown>(document: unknown, value: unknown): T {
  return follow<T>(document, value).value;
}

/** Every `$ref` in the document leads somewhere; throws a RefError naming the first that does not. */
export function checkRefs(document: unknown): void {
  // A bundle names the same target many times over (a shared error schema in every operation): each is followed once.
  const followed = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    if (isRef(node) && !followed.has(node.$ref)) {
      follow(document, node);
      followed.add(node.$ref);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
}
