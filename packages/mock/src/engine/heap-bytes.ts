/**
 * About how many bytes of heap a JSON-like value takes (V8's object, array, string and number
 * sizes, rounded up), counted in one pass; stops once past `limit`. What the state size cap
 * (`maxStateBytes`) counts: small objects cost far more than their JSON text.
 */
export function heapBytes(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && bytes <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') bytes += 16 + item.length * (/[^\x00-\xff]/.test(item) ? 2 : 1);
    else if (item === null || typeof item !== 'object') bytes += 16;
    else if (Array.isArray(item)) {
      bytes += 32 + 8 * item.length;
      for (const child of item) stack.push(child);
    } else {
      const keys = Object.keys(item);
      bytes += 56 + 24 * keys.length;
      for (const key of keys) stack.push(key, (item as Record<string, unknown>)[key]);
    }
  }
  return bytes;
}
