// A call's URL as openapi-fetch's createFinalURL builds it, without its per-call work: a path
// template is split once (kept per path string) and each simple `{name}` is replaced by
// encodeURIComponent of its value, which is all that defaultPathSerializer does for a value that is
// not an object (a string, number, boolean, bigint). Anything else (a label, matrix or exploded template, an array or
// object value, a base URL with braces) is left to createFinalURL itself.
// test/client/path-url.test.ts holds both to the same URLs (a table and a fast-check property).
import { createFinalURL, createQuerySerializer, defaultPathSerializer, type QuerySerializer } from 'openapi-fetch';

type Params = { path?: Record<string, unknown>; query?: {} };

/** Paths kept split at most (a caller passing computed paths must not grow the cache without bound). */
export const KEPT_PATHS = 500;

export function createPathUrl(baseUrl: string, querySerializer: QuerySerializer<unknown>) {
  // [literal, name, literal, ...], or false where only createFinalURL builds it as openapi-fetch does.
  const templates = new Map<string, string[] | false>();
  const slow = /[{}]/.test(baseUrl);
  return (path: string, params: Params): string => {
    let url = baseUrl + path;
    const values = params.path;
    if (values) {
      let parts = templates.get(path);
      if (parts === undefined) {
        parts = path.split(/\{([^{}]+)\}/);
        if (slow || parts.some((part, i) => i % 2 && /^[.;]|\*$/.test(part))) parts = false;
        if (templates.size < KEPT_PATHS) templates.set(path, parts);
      }
      if (!parts) return createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
      url = baseUrl + parts[0];
      for (let i = 1; i < parts.length; i += 2) {
        const name = parts[i]!;
        const value = values[name];
        if (value == null) url += `{${name}}`;
        else if (typeof value !== 'object') url += encodeURIComponent(value as string);
        else return createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
        url += parts[i + 1];
      }
    }
    let search = querySerializer(params.query ?? {});
    if (search[0] === '?') search = search.slice(1);
    return search ? `${url}?${search}` : url;
  };
}

/**
 * openapi-fetch's default query serializer (`createQuerySerializer()`), with its common case made
 * without its per-call array: a query whose values are all strings, numbers or booleans is
 * `name=encodeURIComponent(value)` joined by `&`, skipping null and undefined, as it writes it. A
 * query holding an array or an object is left to openapi-fetch's own.
 */
export function createDefaultQuerySerializer(): QuerySerializer<unknown> {
  const general = createQuerySerializer();
  return (query) => {
    if (!query || typeof query !== 'object') return general(query);
    let search = '';
    for (const name in query) {
      const value = (query as Record<string, unknown>)[name];
      if (value == null) continue;
      if (typeof value === 'object') return general(query);
      search += `${search ? '&' : ''}${name}=${encodeURIComponent(value as string)}`;
    }
    return search;
  };
}
