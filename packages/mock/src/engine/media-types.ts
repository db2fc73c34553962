// Which documented media type a sent one is: exact, a wildcard (`*/*`, `application/*`), or a
// structured suffix (`application/*+json`).

/** Whether a documented media type (possibly `application/*+json`) covers a sent one. */
export function mediaMatches(documented: string, sent: string): boolean {
  if (documented === sent || documented === '*/*') return true;
  const [type, subtype] = documented.split('/');
  const [sentType, sentSubtype] = sent.split('/');
  if (type !== sentType && type !== '*') return false;
  if (subtype === '*') return true;
  if (subtype?.startsWith('*+')) return sentSubtype?.endsWith(subtype.slice(1)) ?? false;
  return false;
}
