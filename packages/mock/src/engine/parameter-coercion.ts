// A request's parameters arrive as text (path, query, headers); their schemas want integers,
// numbers, booleans and arrays. Each location's values are turned into those types before they
// are validated, integers beyond 2^53 exactly.
import { resolveRef, type Schema } from '@platform-contracts/contracts';
import type { OpenApiDocument } from './area.ts';
import { exactInteger, validationNumber } from './exact-json.ts';

type Json = Record<string, unknown>;

/** What coercion reads of a declared parameter. */
interface DeclaredParameter {
  name: string;
  in: string;
  schema: Schema;
}

/** Text values of one location turned into the types their schemas want (integers, booleans, arrays). */
export function coercer(parameters: DeclaredParameter[], document: OpenApiDocument) {
  const kinds = new Map(
    parameters.map((p) => {
      const schema = typeof p.schema === 'object' ? resolveRef<Json>(document, p.schema) : {};
      const items = schema.type === 'array' && typeof schema.items === 'object' ? resolveRef<Json>(document, schema.items) : undefined;
      return [p.in === 'header' ? p.name.toLowerCase() : p.name, { type: typeOf(items ?? schema), array: schema.type === 'array' }];
    }),
  );
  const declared = [...kinds];
  // The declared names are looked up in what was sent (a request sends many headers the operation does not declare).
  return (values: Record<string, unknown>) => {
    const coerced: Record<string, unknown> = {};
    for (const [name, kind] of declared) {
      if (!Object.hasOwn(values, name)) continue;
      const raw = values[name];
      if (kind.array) {
        const list = Array.isArray(raw) ? raw : String(raw).split(',');
        coerced[name] = list.map((item) => coerceText(String(item), kind.type));
      } else {
        coerced[name] = coerceText(Array.isArray(raw) ? String(raw[0]) : String(raw), kind.type);
      }
    }
    return coerced;
  };
}

function typeOf(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return (schema.type as string[]).find((t) => t !== 'null');
  return undefined;
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function coerceText(text: string, type: string | undefined): unknown {
  if (type === 'integer' && INTEGER.test(text)) {
    // Up to 15 digits every integer is exact as a double.
    if (text.length <= 15) return Number(text);
    const exact = exactInteger(text);
    return typeof exact === 'bigint' ? validationNumber(exact) : exact;
  }
  if (type === 'number' && NUMBER.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
