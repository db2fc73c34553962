/**
 * About how many bytes of heap a JSON-like value takes (V8's object, array, string and number
 * sizes, rounded up), counted in one pass; stops once past `limit`. What the state size cap
 * (`maxStateBytes`) counts: small objects cost far more than their JSON text.
 */
export function heapBytes(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  // One stack for every count (nothing here calls out, so no count starts inside another), left
  // empty after each: a count allocates nothing but what the stack grows by once.
  const stack = pending;
  let bytes = 0;
  stack.push(value);
  while (stack.length > 0 && bytes <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') bytes += 16 + item.length * (isWide(item) ? 2 : 1);
    else if (item === null || typeof item !== 'object') bytes += 16;
    else if (Array.isArray(item)) {
      bytes += 32 + 8 * item.length;
      for (let i = 0; i < item.length; i++) stack.push(item[i]);
    } else {
      let keys = 0;
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        keys++;
        stack.push(key, (item as Record<string, unknown>)[key]);
      }
      bytes += 56 + 24 * keys;
    }
  }
  // Emptied only when a count stopped early: setting an array's length is a call into V8's runtime.
  if (stack.length > 0) stack.length = 0;
  return bytes;
}

const pending: unknown[] = [];

/** Whether V8 holds the text in two bytes a character (one beyond Latin-1): a short one looked at in a loop (a regular expression's test is a call into its engine), a long one by the expression. */
function isWide(text: string): boolean {
  if (text.length > 64) return /[^\x00-\xff]/.test(text);
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return true;
  return false;
}
