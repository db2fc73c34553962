// The contract element behind each part of an answer: the schema a JSON path of the body falls
// under (followed lazily through `$ref`, `allOf`/`oneOf`/`anyOf`, `items` and
// `additionalProperties`), the documented response of a status, a named header. Normalisation
// is declared on these elements (normalisation.ts), and a difference names the element's source
// `file:line` under openapi/.
import path from 'node:path';
import { type AreaName, loadContractModel, type Operation } from '@platform-contracts/contracts';
import { escapePointerToken, follow, type Json, unescapePointerToken } from '../openapi.ts';
import { OPENAPI_DIR, ROOT } from '../paths.ts';
import { SourceLocator } from '../source-location.ts';

export interface Element {
  /** A JSON Pointer into the area's bundle: `#/components/schemas/Collection/properties/guid`. */
  pointer: string;
  /** The schema (or response, or header) as the bundle writes it. */
  node: Json;
}

const document = (area: string): Json => loadContractModel().document(area as AreaName);

/** The schema a property, an item or a branch resolves to, with the pointer it was found at. */
function deref(area: string, element: Element): Element {
  const { value, pointer } = follow<Json>(document(area), element.node, element.pointer);
  return { pointer: pointer ?? element.pointer, node: value };
}

/** The element of one step further into a value: a property name or an array index. */
export function childOf(area: string, parent: Element, token: string, depth = 0): Element | undefined {
  if (depth > 8) return undefined;
  const { pointer, node } = deref(area, parent);
  if (!node || typeof node !== 'object') return undefined;
  if (node.properties && Object.hasOwn(node.properties, token)) {
    return { pointer: `${pointer}/properties/${escapePointerToken(token)}`, node: node.properties[token] };
  }
  if (/^\d+$/.test(token) && node.items && typeof node.items === 'object') return { pointer: `${pointer}/items`, node: node.items };
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const [index, branch] of (node[keyword] ?? []).entries()) {
      const found = childOf(area, { pointer: `${pointer}/${keyword}/${index}`, node: branch }, token, depth + 1);
      if (found) return found;
    }
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object' && !/^\d+$/.test(token)) {
    return { pointer: `${pointer}/additionalProperties`, node: node.additionalProperties };
  }
  return undefined;
}

/** The documented response of a status (`200`, else `4XX`, else `default`). */
export function responseOf(operation: Operation, status: number): Element | undefined {
  const responses = operation.source.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
  if (!key) return undefined;
  return deref(operation.area, { pointer: `${operation.pointer}/responses/${key}`, node: responses[key] });
}

/** The body schema of a documented response, for the answer's media type (else its first). */
export function bodyOf(operation: Operation, status: number, contentType: string | undefined): Element | undefined {
  const response = responseOf(operation, status);
  const content: Json = response?.node.content;
  if (!response || !content) return undefined;
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const key = Object.keys(content).find((k) => k.toLowerCase() === media) ?? Object.keys(content)[0];
  if (!key || !content[key].schema) return undefined;
  return { pointer: `${response.pointer}/content/${escapePointerToken(key)}/schema`, node: content[key].schema };
}

/** The element a JSON path of the body falls under (the deepest one the contract describes). */
export function elementAt(area: string, body: Element, tokens: readonly string[]): Element {
  let current = body;
  for (const token of tokens) {
    const next = childOf(area, current, token);
    if (!next) return current;
    current = next;
  }
  return current;
}

/** The element as its own schema sees it: its `$ref` followed (formats and `x-` fields live there). */
export const resolved = (area: string, element: Element): Element => deref(area, element);

/** The headers a documented response names, lower-cased, with their elements. */
export function headersOf(operation: Operation, status: number): Map<string, Element> {
  const response = responseOf(operation, status);
  const headers = new Map<string, Element>();
  for (const [name, header] of Object.entries<Json>(response?.node.headers ?? {})) {
    headers.set(name.toLowerCase(), { pointer: `${response!.pointer}/headers/${escapePointerToken(name)}`, node: header });
  }
  return headers;
}

const locators = new Map<string, SourceLocator>();
/** Where an element is written under openapi/: `openapi/video/components/schemas/Collection.yaml:12`. */
export function sourceOf(area: string, pointer: string): string {
  let locator = locators.get(area);
  if (!locator) locators.set(area, (locator = new SourceLocator(path.join(OPENAPI_DIR, area, 'openapi.yaml'))));
  const tokens = pointer.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescapePointerToken);
  const { file, line } = locator.locate(tokens);
  return `${path.relative(ROOT, file)}:${line}`;
}
