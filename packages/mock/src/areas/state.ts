// What the areas' state models share: caps on what one namespace (access key) can hold, so that
// state stays bounded (each area declares its caps with defaults; startMock's area options
// override them), and frozen seeds that every namespace can share until it writes.
import { UsageError, type AreaFlag } from '../area.ts';

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

/** A cap's CLI flag: its name (without dashes) and what it limits, for `--help`. */
export type CapFlags<Name extends string> = Record<Name, { flag: string; what: string }>;

/** The CLI flags that set an area's caps, each showing its default. */
export function capFlags<Name extends string>(flags: CapFlags<Name>, defaults: Caps<Name>): Record<string, AreaFlag> {
  return Object.fromEntries(
    (Object.entries(flags) as [Name, { flag: string; what: string }][]).map(([cap, { flag, what }]) => [
      flag,
      { type: 'string', valueName: 'N', description: `at most N ${what} per access key (default ${defaults[cap]})` },
    ]),
  );
}

/** The caps given as CLI flags; a value that is not a whole number above 0 is a usage error (exit 2). */
export function capsFromFlags<Name extends string>(flags: CapFlags<Name>, values: Record<string, unknown>): Partial<Caps<Name>> {
  const caps: Partial<Caps<Name>> = {};
  for (const [cap, { flag }] of Object.entries(flags) as [Name, { flag: string }][]) {
    const text = values[flag];
    if (text === undefined) continue;
    if (typeof text !== 'string' || !/^[1-9]\d{0,8}$/.test(text)) throw new UsageError(`--${flag} must be a whole number from 1 to 999999999, got "${String(text)}"`);
    caps[cap] = Number(text);
  }
  return caps;
}

/** The message every cap answers with: what is full, the limit, and the option and flag that raise it. */
export function capMessage<Name extends string>(area: string, flags: CapFlags<Name>, cap: Name, limit: number): string {
  const { flag, what } = flags[cap];
  return `limit reached: the mock holds at most ${limit} ${what} per access key (option ${area}.${cap}, flag --${flag}); delete some, reset the access key's state (POST /_mock/reset?namespace=KEY) or raise the limit`;
}

/** Freezes a seed that namespaces share, so that a handler writing to it fails loudly instead of leaking state between access keys. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
