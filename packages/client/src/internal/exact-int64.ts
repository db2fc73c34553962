// A client made with `int64: 'bigint'` reads and writes JSON with this module, which its area loads
// on first use (`import()`), so that clients in the default `number` mode never bundle it: every
// int64 field of an answer becomes a bigint with its exact digits, and a bigint in a body is
// written as its digits. Where the int64 fields are comes from the contract (generated/int64/).
import { parseExactJson, stringifyExactJson } from '@platform-contracts/contracts/exact-json';

/**
 * Where an answer's int64 fields are: `1` an int64 value; `{ key: node }` an object's fields (`'*'`
 * for every other key) or an array's items (`'[]'`), as the value turns out to be; a string the
 * named schema of the layout's `schemas`.
 */
export type Int64Node = 1 | string | { readonly [key: string]: Int64Node };

/** An area's int64 fields: its schemas that hold any, and each operation's answers by status. */
export interface Int64Layout {
  readonly schemas: { readonly [name: string]: Int64Node };
  /** `GET /library/{libraryId}/collections` -> status -> node. */
  readonly answers: { readonly [operation: string]: { readonly [status: string]: Int64Node } };
}

export interface ExactJson {
  /** Reads an answer of an operation (`GET /path`) with the given status. */
  parse(text: string, operation: string, status: number): unknown;
  stringify(value: unknown): string;
}

export function exactJson(layout: Int64Layout): ExactJson {
  const convert = (value: unknown, node: Int64Node | undefined): unknown => {
    if (node === undefined || value === null || value === undefined) return value;
    if (node === 1) return typeof value === 'number' ? BigInt(value) : value;
    if (typeof node === 'string') return convert(value, layout.schemas[node]);
    if (Array.isArray(value)) return value.map((item) => convert(item, node['[]']));
    if (typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const fields = node;
    for (const key of Object.keys(object)) object[key] = convert(object[key], Object.hasOwn(fields, key) ? fields[key] : fields['*']);
    return object;
  };
  return {
    parse: (text, operation, status) => convert(parseExactJson(text), layout.answers[operation]?.[status]),
    stringify: stringifyExactJson,
  };
}
