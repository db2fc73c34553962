// What the areas' state models share: caps on what one namespace (access key) can hold, so that
// state stays bounded (each area declares its caps with defaults; startMock's area options
// override them), and frozen seeds that every namespace can share until it writes.
import { type AreaFlag, UsageError } from '../engine/area.ts';

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
    if (typeof text !== 'string' || !/^[1-9]\d{0,8}$/.test(text))
      throw new UsageError(`--${flag} must be a whole number from 1 to 999999999, got "${String(text)}"`);
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

type Json = Record<string, unknown>;

/**
 * A copier of the named fields of an object, in their order, for answers built per request.
 * Each copy starts from a template that has every field, so that it keeps one fixed shape: an
 * object made by adding more than a dozen keys one by one becomes a slow dictionary in V8 (for
 * JSON.stringify and every read). A field the object lacks stays undefined, which JSON leaves out.
 * `View` is the contract's type the fields are taken from (the fields are its schema's properties).
 */
export function picker<View = Json>(fields: string[]): (object: object) => View {
  const template: Json = Object.fromEntries(fields.map((field) => [field, undefined]));
  return (object) => {
    const picked = { ...template };
    for (const field of fields) picked[field] = (object as Json)[field];
    return picked as View;
  };
}

interface Shape {
  properties: Map<string, unknown[]>;
  items: unknown[];
  open: boolean;
}

/**
 * Keeps of a value only the fields its contract schemas name (objects by `properties`, through
 * `$ref`, `allOf`/`oneOf`/`anyOf` and array `items`), so that a snapshot cannot park data the
 * contract has no place for. A schema that names no properties keeps its value as it is.
 */
export function contractFields(document: object) {
  const schemas = ((document as { components?: { schemas?: Json } }).components?.schemas ?? {}) as Json;
  const resolve = (schema: unknown): Json | undefined => {
    for (let hops = 0; schema && typeof schema === 'object' && typeof (schema as Json).$ref === 'string' && hops < 32; hops++) {
      schema = schemas[String((schema as Json).$ref).replace('#/components/schemas/', '')];
    }
    return schema && typeof schema === 'object' ? (schema as Json) : undefined;
  };
  const shapes = new Map<unknown, Shape>();
  /** The properties and items of a schema and of the schemas it combines (worked out once per schema). */
  const shapeOf = (schema: unknown): Shape => {
    let shape = shapes.get(schema);
    if (!shape) shapes.set(schema, (shape = readShape(schema)));
    return shape;
  };
  const readShape = (schema: unknown): Shape => {
    const properties = new Map<string, unknown[]>();
    const items: unknown[] = [];
    let open = false;
    const visit = (raw: unknown, depth: number) => {
      const resolved = resolve(raw);
      if (!resolved || depth > 16) return void (open = true);
      for (const key of ['allOf', 'oneOf', 'anyOf'] as const) for (const part of (resolved[key] as unknown[] | undefined) ?? []) visit(part, depth + 1);
      if (resolved.properties)
        for (const [name, property] of Object.entries(resolved.properties as Json)) properties.set(name, [...(properties.get(name) ?? []), property]);
      if (resolved.items) items.push(resolved.items);
      if (!resolved.properties && !resolved.items && !resolved.allOf && !resolved.oneOf && !resolved.anyOf) open = true;
    };
    visit(schema, 0);
    return { properties, items, open };
  };
  const prune = (schemas: unknown[], value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || schemas.length === 0) return value;
    const shapes = schemas.map(shapeOf);
    if (shapes.some((shape) => shape.open)) return value;
    if (Array.isArray(value))
      return value.map((item) =>
        prune(
          shapes.flatMap((shape) => shape.items),
          item,
        ),
      );
    const kept: Json = {};
    for (const [name, field] of Object.entries(value)) {
      const property = shapes.flatMap((shape) => shape.properties.get(name) ?? []);
      if (property.length > 0) kept[name] = prune(property, field);
    }
    return kept;
  };
  const named = new Map<string, unknown>();
  const schemaNamed = (name: string) => {
    if (!named.has(name)) named.set(name, schemas[name] ?? { $ref: name });
    return named.get(name);
  };
  /** The value with only the fields of the named component schemas (any of them). */
  return <T>(names: string | string[], value: T): T => prune([names].flat().map(schemaNamed), value) as T;
}
