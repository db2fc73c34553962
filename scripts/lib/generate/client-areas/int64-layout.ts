// Where an area's answers hold int64 fields, read from its contract: each schema and answer that
// holds one, as the exact JSON reader of `int64: 'bigint'` takes it
// (packages/client/src/internal/exact-int64.ts).
import { type Json, type Operation, resolveRef } from '../../openapi.ts';
import { ClientAreaError } from './errors.ts';
import { SCHEMA_REF } from './names.ts';

/** Where answers hold int64 fields; see packages/client/src/internal/exact-int64.ts. */
export type Int64Node = 1 | string | { [key: string]: Int64Node };
export interface Int64Layout {
  schemas: Record<string, Int64Node>;
  answers: Record<string, Record<string, Int64Node>>;
}

/** Where each answer of the area holds int64 fields, through its component schemas (which may refer to themselves). */
export function int64Layout(document: Json, operations: Operation[]): Int64Layout {
  const components: Record<string, Json> = document.components?.schemas ?? {};
  const holds = holdingInt64(components, document);
  const nodeOf = (schema: Json, depth = 0): Int64Node | undefined => {
    if (!schema || typeof schema !== 'object' || depth > 50) return undefined;
    if (typeof schema.$ref === 'string') {
      const name = SCHEMA_REF.exec(schema.$ref)?.[1];
      if (name !== undefined) return holds.has(name) ? name : undefined;
      return nodeOf(resolveRef(document, schema), depth + 1);
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    let node: Int64Node | undefined = types.includes('integer') && schema.format === 'int64' ? 1 : undefined;
    const fields: Record<string, Int64Node> = {};
    const items = nodeOf(schema.items, depth + 1);
    if (items !== undefined) fields['[]'] = items;
    for (const [key, property] of Object.entries<Json>(schema.properties ?? {})) {
      const inner = nodeOf(property, depth + 1);
      if (inner !== undefined) fields[key] = inner;
    }
    const rest = typeof schema.additionalProperties === 'object' ? nodeOf(schema.additionalProperties, depth + 1) : undefined;
    if (rest !== undefined) fields['*'] = rest;
    if (Object.keys(fields).length > 0) node = merge(node, fields);
    for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) node = merge(node, nodeOf(branch, depth + 1));
    return node;
  };
  const merge = (a: Int64Node | undefined, b: Int64Node | undefined): Int64Node | undefined => {
    if (a === undefined || b === undefined || a === b) return a ?? b;
    if (typeof a === 'string') return merge(nodeOf(components[a]), b);
    if (typeof b === 'string') return merge(a, nodeOf(components[b]));
    if (typeof a === 'object' && typeof b === 'object') {
      const merged: Record<string, Int64Node> = { ...a };
      for (const [key, node] of Object.entries(b)) merged[key] = merge(merged[key], node)!;
      return merged;
    }
    throw new ClientAreaError(
      `a schema holds an int64 value in one branch and ${JSON.stringify(typeof a === 'number' ? b : a)} in another at the same place; the bigint reader cannot tell them apart`,
    );
  };
  const schemas = Object.fromEntries([...holds].sort().map((name) => [name, nodeOf(components[name])!]));
  const answers: Int64Layout['answers'] = {};
  for (const operation of operations) {
    for (const response of Object.values(operation.responses)) {
      if (!/^2/.test(response.status)) continue;
      const media = response.content.find((m) => /^(application\/json|text\/json|application\/[^/]+\+json)$/.test(m.type));
      const node = media && nodeOf(media.schema);
      if (node !== undefined) (answers[`${operation.method.toUpperCase()} ${operation.path}`] ??= {})[response.status] = node;
    }
  }
  return { schemas, answers };
}

/** The component schemas that hold an int64 value, themselves or through the schemas they refer to. */
function holdingInt64(components: Record<string, Json>, document: Json): Set<string> {
  const direct = new Set<string>();
  const refers = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries(components)) {
    const found = new Set<string>();
    const walk = (value: Json, depth: number) => {
      if (!value || typeof value !== 'object' || depth > 50) return;
      if (typeof value.$ref === 'string') {
        const target = SCHEMA_REF.exec(value.$ref)?.[1];
        if (target !== undefined) found.add(target);
        else walk(resolveRef(document, value), depth + 1);
        return;
      }
      const types = Array.isArray(value.type) ? value.type : [value.type];
      if (types.includes('integer') && value.format === 'int64') direct.add(name);
      for (const [key, child] of Object.entries<Json>(value)) if (!['example', 'examples', 'enum', 'const', 'default'].includes(key)) walk(child, depth + 1);
    };
    walk(schema, 0);
    refers.set(name, found);
  }
  const holds = new Set(direct);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, targets] of refers) if (!holds.has(name) && [...targets].some((target) => holds.has(target))) holds.add(name), (grew = true);
  }
  return holds;
}
