// What a difference under a schema changed, named: a property, `required`, a type, a format, a
// bound, an enum or a pattern, where the schema sits (a parameter, a body or a response header).
import { isDeepStrictEqual } from 'node:util';
import { type Context, type Here, isDocumenting, type Located, propertyPath, requiredOf } from './located.ts';
import type { Direction, Owner, ParameterRef } from './rules.ts';
import { asOneSchema, deref, isObject, type Json, type Key, nodeAt } from './walk.ts';

const BOUND_KEYWORDS = new Set([
  'maxLength',
  'maximum',
  'exclusiveMaximum',
  'maxItems',
  'maxProperties',
  'minLength',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'minProperties',
]);
/** Bounds an integer's format already sets: a bound written out that equals one changes nothing. */
const FORMAT_BOUNDS: Record<string, { minimum: number; maximum: number }> = {
  int32: { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
  int64: { minimum: -(2 ** 63), maximum: 2 ** 63 - 1 },
};

type SchemaHere = Here & { direction: Direction; owner: Owner; parameter?: ParameterRef; status?: string; mediaType?: string; header?: string };

const impliedBound = (schema: Json | undefined, keyword: string): number | undefined => {
  const value = schema?.[keyword];
  if (typeof value === 'number') return value;
  if (value !== undefined) return undefined;
  const byFormat = FORMAT_BOUNDS[String(schema?.format)];
  return byFormat && (keyword === 'minimum' || keyword === 'maximum') ? byFormat[keyword] : undefined;
};

/** Type names in order, `null` last: "integer or null". */
const byTypeName = (a: string, b: string) => Number(a === 'null') - Number(b === 'null') || a.localeCompare(b);

/** The JSON types a schema allows, through its anyOf and oneOf branches. */
function effectiveTypes(document: Json, schema: unknown, depth = 0): string[] {
  const node = deref(document, schema, []).node;
  if (!isObject(node) || depth > 10) return ['any'];
  const branches = [node.anyOf, node.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (branches) return [...new Set(branches.flatMap((branch) => effectiveTypes(document, branch, depth + 1)))].sort(byTypeName);
  const all = Array.isArray(node.allOf)
    ? (node.allOf as unknown[]).map((part) => effectiveTypes(document, part, depth + 1)).find((types) => !types.includes('any'))
    : undefined;
  if (node.type !== undefined) return (Array.isArray(node.type) ? node.type.map(String) : [String(node.type)]).sort(byTypeName);
  return all ?? ['any'];
}

/** The change of a schema's types, when api-smart-diff's rewriting is all that differs otherwise. */
function typesOf(context: Context, here: SchemaHere, holder: Key[], property: string): Located[] {
  const [was, is] = [
    effectiveTypes(context.before, nodeAt(context.before, holder)),
    effectiveTypes(context.after, nodeAt(context.after, context.afterPath(holder, context.after))),
  ];
  if (isDeepStrictEqual(was, is)) return [];
  return [
    {
      ...here,
      property,
      action: 'replace',
      kind: 'keyword',
      keyword: 'type',
      before: was.length === 1 ? was[0] : was,
      after: is.length === 1 ? is[0] : is,
      locateAt: context.afterPath(holder, context.after),
    },
  ];
}

/** A difference inside a schema: the property it is about (through properties, items and branches) and the keyword. */
export function schemaChanges(context: Context, here: SchemaHere, schemaPath: Key[], schemaRoot: Key[]): Located[] {
  const { diff, before, after } = context;
  const segments: string[] = [];
  /** The path in the contracts themselves: without the allOf that api-smart-diff adds while it compares. */
  const real: Key[] = [...schemaRoot];
  let i = 0;
  for (; i < schemaPath.length; i++) {
    const key = schemaPath[i]!;
    if (key === 'properties' && i + 2 < schemaPath.length) {
      segments.push(String(schemaPath[i + 1]));
      real.push(key, schemaPath[++i]!);
    } else if (key === 'items' && i + 1 < schemaPath.length) {
      segments.push('[]');
      real.push(key);
    } else if (key === 'additionalProperties' && i + 1 < schemaPath.length) {
      segments.push('*');
      real.push(key);
    } else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && i + 1 < schemaPath.length) {
      // api-smart-diff writes `type: X` as `anyOf: [X]`, and a schema with siblings as an `allOf`,
      // while it compares. A branch list that is not in both contracts is its rewriting: an allOf is
      // looked through; for an anyOf or oneOf, what changed is the types the schema allows.
      const inBoth = [before, after].every((document) => Array.isArray((nodeAt(document, context.afterPath(real, document)) as Json | undefined)?.[key]));
      if (!inBoth && key !== 'allOf') return typesOf(context, here, real, propertyPath(segments));
      if (!inBoth) {
        i++;
        continue;
      }
      if (i + 2 >= schemaPath.length) break;
      real.push(key, schemaPath[++i]!);
    } else break;
  }
  const keyword = schemaPath[i];
  const tail = schemaPath.slice(i + 1);
  const schemaBefore = asOneSchema(before, nodeAt(before, real));
  const schemaAfter = asOneSchema(after, nodeAt(after, context.afterPath(real, after)));
  const property = propertyPath(segments);
  const changed = [...real, ...schemaPath.slice(i)];
  const at = { ...here, property, locateAt: context.afterPath(diff.action === 'remove' ? changed.slice(0, -1) : changed, after) };
  if (keyword === undefined) return [{ ...at, action: diff.action, kind: 'keyword', keyword: 'schema', before: diff.before, after: diff.after }];
  if (isDocumenting(keyword) || keyword === 'deprecated') return [];

  // A property added, removed or renamed: `properties/<name>`.
  if (keyword === 'properties' && tail.length === 1) {
    const name = String(tail[0]);
    const path = propertyPath([...segments, name]);
    if (diff.action === 'replace')
      return [{ ...at, property: path, action: 'replace', kind: 'keyword', keyword: 'schema', before: diff.before, after: diff.after }];
    const required = requiredOf(diff.action === 'remove' ? schemaBefore : schemaAfter).includes(name);
    return [{ ...at, property: path, action: diff.action, kind: 'property', required, before: diff.before, after: diff.after }];
  }
  if (keyword === 'properties' && tail.length === 0) {
    const entries = Object.keys(
      isObject(diff.action === 'remove' ? diff.before : diff.after) ? ((diff.action === 'remove' ? diff.before : diff.after) as Json) : {},
    );
    const list = requiredOf(diff.action === 'remove' ? schemaBefore : schemaAfter);
    return diff.action === 'replace'
      ? []
      : entries.map((name) => ({
          ...at,
          property: propertyPath([...segments, name]),
          action: diff.action,
          kind: 'property' as const,
          required: list.includes(name),
        }));
  }
  // `required`: the names that became required or optional.
  if (keyword === 'required') {
    const [was, is] = [requiredOf(schemaBefore), requiredOf(schemaAfter)];
    const names = tail.length === 0 ? [...new Set([...was, ...is])] : [String(diff.after ?? diff.before)];
    const moves: Located[] = [];
    for (const name of names) {
      if (is.includes(name) && !was.includes(name)) moves.push({ ...at, property: propertyPath([...segments, name]), action: 'add', kind: 'required' });
      if (was.includes(name) && !is.includes(name)) moves.push({ ...at, property: propertyPath([...segments, name]), action: 'remove', kind: 'required' });
    }
    if (tail.length === 1 && diff.action === 'replace') {
      return [String(diff.before), String(diff.after)].flatMap((name) =>
        is.includes(name) === was.includes(name)
          ? []
          : [
              {
                ...at,
                property: propertyPath([...segments, name]),
                action: is.includes(name) ? ('add' as const) : ('remove' as const),
                kind: 'required' as const,
              },
            ],
      );
    }
    return moves;
  }
  const keywordChange = (values: Partial<Located>): Located => ({ ...at, action: diff.action, kind: 'keyword', keyword: String(keyword), ...values });
  if (keyword === 'enum') {
    // api-smart-diff lists a whole enum added or removed value by value: it is one change.
    const [was, is] = [schemaBefore?.enum, schemaAfter?.enum];
    if (Array.isArray(was) !== Array.isArray(is)) {
      const enumPlace = context.afterPath(Array.isArray(is) ? [...real, 'enum'] : real, after);
      return [keywordChange({ action: Array.isArray(is) ? 'add' : 'remove', whole: true, before: was, after: is, locateAt: enumPlace })];
    }
    if (tail.length === 0) {
      if (diff.action === 'replace') {
        const [was, is] = [diff.before, diff.after].map((list) => (Array.isArray(list) ? list : []));
        return [
          ...was!.filter((v) => !is!.some((w) => isDeepStrictEqual(v, w))).map((v) => keywordChange({ action: 'remove', before: v, after: undefined })),
          ...is!.filter((v) => !was!.some((w) => isDeepStrictEqual(v, w))).map((v) => keywordChange({ action: 'add', before: undefined, after: v })),
        ];
      }
      return [keywordChange({ whole: true, before: diff.before, after: diff.after })];
    }
    if (diff.action === 'replace')
      return [
        keywordChange({ action: 'remove', before: diff.before, after: undefined }),
        keywordChange({ action: 'add', before: undefined, after: diff.after }),
      ];
    return [keywordChange({ before: diff.before, after: diff.after })];
  }
  if (keyword === 'type') return [keywordChange({ action: 'replace', before: schemaBefore?.type, after: schemaAfter?.type })];
  if (BOUND_KEYWORDS.has(String(keyword))) {
    const [was, is] = [impliedBound(schemaBefore, String(keyword)), impliedBound(schemaAfter, String(keyword))];
    if (was === is) return [];
    return [keywordChange({ before: was, after: is })];
  }
  if ((keyword === 'oneOf' || keyword === 'anyOf') && tail.length === 1) return [keywordChange({ before: diff.before, after: diff.after })];
  if (['format', 'pattern', 'default', 'additionalProperties'].includes(String(keyword)))
    return [keywordChange({ before: schemaBefore?.[keyword as string], after: schemaAfter?.[keyword as string] })];
  return [keywordChange({ before: diff.before, after: diff.after })];
}
