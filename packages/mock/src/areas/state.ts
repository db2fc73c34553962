// What the areas' state models share: caps on what one namespace (access key) can hold, so that
// state stays bounded (each area declares its caps with defaults; startMock's area options
// override them), and frozen seeds that every namespace can share until it writes.
import { UsageError } from '../area.ts';

/** Caps by name, each a whole number above 0. */
export type Caps<Name extends string> = Record<Name, number>;

/** The caps with the options' values over the defaults; a value that is not a whole number above 0 is a usage error. */
export function resolveCaps<Name extends string>(area: string, defaults: Caps<Name>, options: Partial<Caps<Name>> | undefined): Caps<Name> {
  const caps = { ...defaults };
  for (const [name, value] of Object.entries(options ?? {}) as [Name, unknown][]) {
    if (!(name in defaults)) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new UsageError(`${area}.${name} is a whole number above 0 (got ${JSON.stringify(value)})`);
    }
    caps[name] = value;
  }
  return caps;
}

/** The message every cap answers with: what is full, the limit, and the option that raises it. */
export const capMessage = (area: string, cap: string, limit: number, what: string) =>
  `limit reached: the mock holds at most ${limit} ${what} (option ${area}.${cap}); delete some, reset the access key's state (POST /_mock/reset?namespace=KEY) or raise the option`;

/** Freezes a seed that namespaces share, so that a handler writing to it fails loudly instead of leaking state between access keys. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
