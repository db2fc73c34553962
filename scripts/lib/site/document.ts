// The reference site's one document: every area's bundle merged into a single OpenAPI document
// (one tag group per area, so one navigation and one search cover every operation and schema),
// with the guides, changelogs and assumption sources as its description, and every assumed
// element marked. `statedOnly` derives the view without assumed elements.
import { HTTP_METHODS, type Json, resolveRef, walkOperations } from '../openapi.ts';

export interface AreaInput {
  area: string;
  document: Json;
}

/** Headings in the document's description become the site's guide navigation; this is their text. */
export interface SiteText {
  title: string;
  version: string;
  description: string;
}

const methodsOf = (pathItem: Json) => HTTP_METHODS.filter((m) => pathItem?.[m]);

/** Merges the areas into one document; fails on a path, tag or component that two areas both define. */
export function combineAreas(inputs: AreaInput[], text: SiteText): Json {
  const combined: Json = {
    openapi: '3.1.0',
    info: { title: text.title, version: text.version, description: text.description },
    servers: [],
    tags: [],
    'x-tagGroups': [],
    paths: {},
    components: {},
  };
  const conflicts: string[] = [];
  for (const { area, document } of inputs) {
    const tagNames: string[] = [];
    for (const tag of document.tags ?? []) {
      if (combined.tags.some((t: Json) => t.name === tag.name)) conflicts.push(`tag "${tag.name}" (${area})`);
      combined.tags.push(tag);
      tagNames.push(tag.name);
    }
    combined['x-tagGroups'].push({ name: `${document.info.title} ${document.info.version}`, tags: tagNames, 'x-area': area });
    const copied = new Set<string>();
    for (const { path: urlPath, pathItem, operation } of walkOperations(document)) {
      if (!copied.has(urlPath)) {
        if (combined.paths[urlPath]) conflicts.push(`path ${urlPath} (${area})`);
        const { servers: _pathServers, ...rest } = pathItem;
        combined.paths[urlPath] = rest;
        copied.add(urlPath);
      }
      // Operation-level servers and security: in one document, each operation keeps its own area's.
      operation.servers ??= pathItem.servers ?? document.servers ?? [];
      operation.security ??= document.security ?? [];
      operation['x-area'] = area;
      showMockState(operation);
    }
    for (const [kind, members] of Object.entries(document.components ?? {}) as [string, Json][]) {
      combined.components[kind] ??= {};
      for (const [name, member] of Object.entries(members)) {
        const existing = combined.components[kind][name];
        if (existing && JSON.stringify(existing) !== JSON.stringify(member)) conflicts.push(`components.${kind}.${name} (${area})`);
        combined.components[kind][name] = member;
      }
    }
  }
  if (conflicts.length > 0) throw new Error(`the areas cannot share one site document; defined twice: ${conflicts.join(', ')}`);
  return combined;
}

/** What the mock does with state for an operation (its x-mock-state), shown with the operation. */
function showMockState(operation: Json): void {
  const text = operation['x-mock-state'];
  if (typeof text !== 'string') return;
  const note = `<span class="mock-state-badge">In the mock</span> ${text}`;
  operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
}

/** Every node that carries x-assumed, with its location (JSON Pointer-like, for counting and tests). */
export function assumedNodes(document: Json): { at: string; node: Json }[] {
  const found: { at: string; node: Json }[] = [];
  const walk = (node: Json, at: string) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node['x-assumed'] === 'string') found.push({ at, node });
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
  };
  walk(document, '');
  return found;
}

// Scalar validates the colour as a literal (a CSS variable is refused), so the light theme's is used.
const ASSUMED_BADGE = { name: 'Assumed', position: 'after', color: '#a64d00' } as const;

/**
 * Makes each assumption visible: a badge on assumed operations (shown next to their name, in the
 * navigation too), and on every assumed element a note saying so, why, and where its source is.
 */
export function markAssumptions(document: Json, sourceLink: (area: string | undefined) => string): void {
  const walk = (node: Json, area: string | undefined) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => walk(child, area));
    const own = typeof node['x-area'] === 'string' ? node['x-area'] : area;
    for (const [key, value] of Object.entries(node)) if (key !== 'x-codeSamples') walk(value, own);
    const reason = node['x-assumed'];
    if (typeof reason !== 'string') return;
    const readable = readableReason(reason);
    const note = `<span class="assumed-badge">Assumed</span> Not stated by the specification: ${readable} ${sourceLink(own)}`;
    node.description = node.description ? `${node.description}\n\n${note}` : note;
    node['x-assumed'] = readable;
    if (typeof node.operationId === 'string') node['x-badges'] = [...(node['x-badges'] ?? []), ASSUMED_BADGE];
  };
  walk(document, undefined);
}

/**
 * An x-assumed reason as readers see it: the contracts cite their source file, which readers do
 * not have. Where the reason already names the live service the citation goes; elsewhere it
 * says where the fact comes from.
 */
export function readableReason(reason: string): string {
  const cited = /\s*\(live-api-facts\.md\)/g;
  const named = /live service/.test(reason.replace(cited, ''));
  return reason.replace(cited, named ? '' : ' (as the live service does)').replace(/\blive-api-facts\.md\b/g, 'the live service');
}

/** x-area on schemas and components: which area defined them, so that notes link to that area's sources. */
export function labelComponents(inputs: AreaInput[], combined: Json): void {
  for (const { area, document } of inputs) {
    for (const [kind, members] of Object.entries(document.components ?? {}) as [string, Json][]) {
      for (const name of Object.keys(members)) {
        const member = combined.components[kind][name];
        if (member && typeof member === 'object' && !member.$ref) member['x-area'] ??= area;
      }
    }
  }
  for (const tag of combined.tags) {
    const group = combined['x-tagGroups'].find((g: Json) => g.tags.includes(tag.name));
    if (group) tag['x-area'] = group['x-area'];
  }
}

/**
 * An operation's x-assumed that is about its security requirement only (security requirements
 * cannot carry extensions, so the contracts note it on the operation): the operation itself is
 * stated and stays in the stated-facts view, with its badge.
 */
const assumesPartOnly = (operation: Json) => /^security\b/.test(operation['x-assumed']);

const STUB = 'Not stated by the specification. The stated-facts view leaves out its assumed shape.';

/** Whether a schema holds an assumed element anywhere below it, references followed (each once). */
function holdsAssumed(document: Json, schema: Json, seen = new Set<unknown>()): boolean {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  if (typeof schema['x-assumed'] === 'string') return true;
  if (typeof schema.$ref === 'string') return holdsAssumed(document, resolveRef<Json>(document, schema) as Json, seen);
  return Object.entries(schema).some(([key, value]) => key !== 'examples' && key !== 'example' && holdsAssumed(document, value as Json, seen));
}

/** Media types (requests and answers) whose schema holds something assumed: their examples show what the view leaves out. */
function dropAssumedExamples(document: Json, doc: Json): void {
  const walk = (node: Json) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    if (node.content && typeof node.content === 'object') {
      for (const media of Object.values(node.content) as Json[]) {
        if (media?.schema && holdsAssumed(document, media.schema)) {
          delete media.example;
          delete media.examples;
        }
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(doc.paths);
  walk(doc.components?.responses);
  walk(doc.components?.requestBodies);
  for (const schema of Object.values(doc.components?.schemas ?? {}) as Json[]) {
    if (holdsAssumed(document, schema)) {
      delete schema.example;
      delete schema.examples;
    }
  }
}

/** An operation kept in the stated view although its security requirement is assumed: no badge, the fact said in words. */
function unbadgePartOnly(operation: Json): void {
  const reason = operation['x-assumed'];
  delete operation['x-assumed'];
  const note = `The security requirement is not stated by the specification: ${readableReason(reason)}`;
  operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
}

/**
 * The document without what the specification does not state: assumed operations, parameters,
 * responses, request bodies and properties are left out, assumed schemas become a stub that says
 * so (other elements may still refer to them), and examples of shapes that held an assumed part
 * go too. Nothing in the navigation keeps a badge: the groups (tags) are shown as navigation, and
 * an operation kept although its security requirement is assumed says so in words. The version
 * and server variables keep their note.
 */
export function statedOnly(document: Json): Json {
  const doc = structuredClone(document);
  const assumedComponent = (ref: unknown) => typeof ref === 'string' && typeof resolveRef<Json>(document, { $ref: ref })?.['x-assumed'] === 'string';
  const assumed = (node: Json) => typeof node?.['x-assumed'] === 'string' || assumedComponent(node?.$ref);

  dropAssumedExamples(document, doc);
  for (const { path: urlPath, method, pathItem, operation } of walkOperations(doc)) {
    if (!assumed(operation)) continue;
    if (assumesPartOnly(operation)) unbadgePartOnly(operation);
    else delete pathItem[method];
    if (methodsOf(pathItem).length === 0) delete doc.paths[urlPath];
  }
  const walk = (node: Json) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    if (Array.isArray(node.parameters)) node.parameters = node.parameters.filter((p: Json) => !assumed(p));
    if (node.requestBody && assumed(node.requestBody)) delete node.requestBody;
    if (node.responses && typeof node.responses === 'object' && node.operationId) {
      for (const [status, response] of Object.entries(node.responses)) if (assumed(response)) delete node.responses[status];
    }
    if (node.properties && typeof node.properties === 'object') {
      for (const [name, property] of Object.entries(node.properties)) {
        if (typeof (property as Json)?.['x-assumed'] !== 'string') continue;
        delete node.properties[name];
        if (Array.isArray(node.required)) node.required = node.required.filter((r: string) => r !== name);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(doc.paths);
  walk(doc.components);
  for (const kind of ['parameters', 'responses', 'requestBodies'] as const) {
    for (const [name, member] of Object.entries(doc.components?.[kind] ?? {})) if (assumed(member)) delete doc.components[kind][name];
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {}) as [string, Json][]) {
    if (typeof schema['x-assumed'] === 'string') doc.components.schemas[name] = { description: STUB, 'x-area': schema['x-area'] };
  }
  const tagged = new Set(walkOperations(doc).flatMap(({ operation }) => (operation.tags as string[] | undefined) ?? []));
  for (const group of doc['x-tagGroups'] ?? []) group.tags = group.tags.filter((t: string) => tagged.has(t));
  doc.tags = (doc.tags ?? []).filter((t: Json) => tagged.has(t.name));
  // The navigation's groups are this contract's, stated or not: the view shows them without a badge.
  for (const tag of doc.tags) delete tag['x-assumed'];
  return doc;
}

const cssString = (text: string) => JSON.stringify(text);
const tagSlug = (name: string) => name.toLowerCase().trim().replace(/\s+/g, '-');

/**
 * CSS that puts the Assumed badge next to assumed operations and tags in the navigation: Scalar
 * renders its sidebar itself, and marks each entry with data-sidebar-id ending in
 * /tag/<tag> or /<METHOD><path>.
 */
export function assumedNavigationCss(document: Json, scope = ''): string {
  const operations = walkOperations(document)
    .filter(({ operation }) => typeof operation['x-assumed'] === 'string')
    .map(({ path, method }) => `${scope}li[data-sidebar-id$=${cssString(`/${method.toUpperCase()}${path}`)}] > a::after`);
  const tags = (document.tags ?? [])
    .filter((tag: Json) => typeof tag['x-assumed'] === 'string')
    .map((tag: Json) => `${scope}li[data-sidebar-id$=${cssString(`/tag/${tagSlug(tag.name)}`)}] > div > a::after`);
  const badge = `content: "Assumed"; align-self: center; margin-left: 6px; padding: 0 6px; border-radius: 9px; font-size: 10px; font-weight: 600;
  line-height: 16px; color: var(--platform-assumed); background: var(--platform-assumed-background); border: 1px solid var(--platform-assumed);`;
  const rules = [];
  if (operations.length > 0) rules.push(`${operations.join(',\n')} {\n  ${badge}\n}`);
  // A tag's entry has its open/close button over its right end.
  if (tags.length > 0) rules.push(`${tags.join(',\n')} {\n  ${badge}\n  margin-right: 22px;\n}`);
  return `${rules.join('\n')}\n`;
}
