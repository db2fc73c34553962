// How an access key is shown where it must be named (control answers, violation reports): never whole.

/** An access key as control answers and violation reports show it: its last four characters at most, and only of a long one. */
export const redactKey = (key: string): string => (key.length >= 12 ? `****${key.slice(-4)}` : '****');
