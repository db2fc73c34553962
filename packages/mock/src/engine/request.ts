// Reading a routed request: which credential it carries, its parameters and body decoded by
// their media type and validated against the operation's compiled schemas, and whether the
// caller accepts any of the operation's answers. Apart from the answering pipeline (answering.ts),
// so that every door (HTTP, fetch) and the differential test read requests the same way.
import { createRequire } from 'node:module';
import type { MockRequest, Violation } from './area.ts';
import { type CompiledMedia, type CompiledOperation, mediaMatches } from './contract.ts';
import { forValidation, mayHoldBigint, parseExactJson } from './exact-json.ts';
import { jsonTextDepth, MAX_JSON_DEPTH, tooDeepMessage } from './json-depth.ts';
import { DEFAULT_NAMESPACE } from './namespaces.ts';
import { remembered } from './remembered.ts';
import { decodeSegment } from './routes.ts';

// CommonJS packages are required, not imported: Node's import of a CommonJS module first parses
// its text for its exports (with ajv-formats' and negotiator's, about 15 ms of CPU in each process
// that imports the mock; test/layout/commonjs-imports.test.ts holds it).
const require = createRequire(import.meta.url);
const contentType = require('content-type') as typeof import('content-type');
const Negotiator = require('negotiator') as typeof import('negotiator');

/** A request as a door read it: the raw path (still percent-encoded) and the body's bytes. */
export interface IncomingRequest {
  method: string;
  rawPath: string;
  query: Record<string, string | string[]>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer | undefined;
}

const JSON_MEDIA = /^(application\/json|text\/json|application\/[^;]*\+json)$/;
/** Media types found JSON or not, remembered (the contracts' and the few clients send). */
const isJsonMedia = remembered((type) => JSON_MEDIA.test(type), { kept: 256, longestKey: 200 });

/** A header's name as node gives it (lower case), remembered: the contracts name a few, read with every request (toLowerCase makes a new string each time). */
const headerName = remembered((name) => name.toLowerCase(), { kept: 256 });

/**
 * The credential a request satisfies the operation's security with: the namespace is the
 * access key (the first apiKey credential); operations secured otherwise (a bearer token) run in
 * the default namespace and their area finds the namespace from the token. Undefined: refused.
 */
export function credentialOf(operation: Pick<CompiledOperation, 'security'>, headers: Record<string, string>): { namespace: string } | undefined {
  if (operation.security.length === 0) return { namespace: DEFAULT_NAMESPACE };
  for (const alternative of operation.security) {
    let namespace: string | undefined;
    let satisfied = true;
    for (const scheme of alternative) {
      if (scheme.type === 'apiKey' && scheme.in === 'header') {
        const value = headers[headerName(scheme.keyName!)];
        if (value === undefined || value === '') satisfied = false;
        else namespace ??= value;
      } else if (scheme.type === 'http' && scheme.scheme === 'bearer') satisfied = /^Bearer\s+\S+/i.test(headers.authorization ?? '');
      else if (scheme.type === 'http' && scheme.scheme === 'basic') satisfied = /^Basic\s+\S+/i.test(headers.authorization ?? '');
      else satisfied = headers[headerName(scheme.keyName ?? '')] !== undefined;
      if (!satisfied) break;
    }
    if (satisfied) return { namespace: namespace ?? DEFAULT_NAMESPACE };
  }
  return undefined;
}

/** Parameters and body, decoded and validated against the operation's compiled schemas. */
export interface ReadRequest {
  request: MockRequest;
  violations: Violation[];
  /** Why the body's media type is refused, when it is. */
  unsupported?: string;
  /** The body's bytes decoded as UTF-8, when they were (the journal keeps this text rather than decoding them again). */
  text?: string;
}

export function readRequest(operation: CompiledOperation, rawParams: Record<string, string>, incoming: IncomingRequest): ReadRequest {
  const violations: Violation[] = [];
  const params: Record<string, string> = {};
  for (const name in rawParams) {
    const raw = rawParams[name]!;
    if (raw === '') continue; // an empty segment leaves a required parameter missing
    const decoded = raw.includes('%') ? decodeSegment(raw) : raw;
    if (decoded === undefined) violations.push({ location: ['path', name], message: `is not valid percent-encoding: ${JSON.stringify(raw)}` });
    else params[name] = decoded;
  }
  // Prism lets an empty query value through as absent; so does the mock.
  let query: Record<string, unknown> = incoming.query;
  for (const name in query) {
    if (query[name] !== '') continue;
    query = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
    break;
  }
  if (violations.length === 0) violations.push(...operation.validateParameters({ path: params, query, header: incoming.headers }));

  const request: MockRequest = {
    operationId: operation.operationId,
    method: incoming.method,
    path: incoming.rawPath,
    params,
    query: incoming.query,
    headers: incoming.headers,
    body: undefined,
    // Set with the body: present from the start, so that every request has one shape (a field added later takes V8's slow path).
    contentType: undefined,
  };
  const hasBody = incoming.body !== undefined && incoming.body.length > 0;
  if (!operation.body) return { request, violations };
  if (!hasBody) {
    if (operation.body.required) violations.push({ location: ['body'], message: 'is required' });
    return { request, violations };
  }
  const sentType = incoming.headers['content-type'];
  // The live server decodes this body by the operation, not by the Content-Type (x-body-content-type-ignored).
  const decodedByOperation = operation.extensions['x-body-content-type-ignored'] ? operation.body.contents[0] : undefined;
  if (decodedByOperation) return decodeBody(request, violations, operation, decodedByOperation, decodedByOperation.type, incoming.body!);
  if (sentType === undefined)
    return refused(request, violations, `is missing; a request body needs one and ${operation.operationId} takes ${accepted(operation)}`);
  const parsed = mediaTypeOf(sentType);
  if (!parsed) {
    violations.push({ location: ['body'], message: `Content-Type is not a media type: ${JSON.stringify(sentType)}` });
    return { request, violations };
  }
  const media = matchingMedia(operation.body.contents, parsed.type);
  if (!media) return refused(request, violations, `${parsed.type} is not one of the content types ${operation.operationId} takes (${accepted(operation)})`);
  const charset = parsed.charset;
  if (charset && !['utf-8', 'utf8', 'us-ascii'].includes(charset)) {
    return refused(request, violations, `charset ${charset} is not read; send UTF-8`);
  }
  return decodeBody(request, violations, operation, media, parsed.type, incoming.body!);
}

/** The media types an operation's body takes, for a refusal's message. */
const accepted = (operation: CompiledOperation) => operation.body!.contents.map((m) => m.type).join(', ');

/**
 * A media type the operation does not take: a violation like any other, answered with the
 * operation's documented error body (a 415 only where the area has none). Apart from readRequest,
 * as `accepted` is: a closure declared there was made for every request with a body.
 */
function refused(request: MockRequest, violations: Violation[], message: string): ReadRequest {
  violations.push({ location: ['body'], message: `Content-Type ${message}` });
  return { request, violations, unsupported: `${message}.` };
}

/** The operation's media that a sent type matches (a loop: `find` made a closure of `type` for every request with a body). */
function matchingMedia(contents: readonly CompiledMedia[], type: string): CompiledMedia | undefined {
  for (const media of contents) if (mediaMatches(media.type, type)) return media;
  return undefined;
}

/** Content-Type headers as parsed, remembered (a client sends the same few again and again); null when one is not a media type. */
const mediaTypeOf = remembered(
  (header): { type: string; charset: string | undefined } | null => {
    try {
      const { type, parameters } = contentType.parse(header);
      return { type, charset: parameters.charset?.toLowerCase() };
    } catch {
      return null;
    }
  },
  { kept: 256, longestKey: 200 },
);

/** The body's bytes as the media type says (JSON parsed, text otherwise), validated against its schema. */
function decodeBody(
  request: MockRequest,
  violations: Violation[],
  operation: CompiledOperation,
  media: CompiledMedia,
  type: string,
  bytes: Buffer,
): ReadRequest {
  request.contentType = type;
  const text = bytes.toString('utf8');
  /** Whether the text may hold an integer beyond 2^53 (read exactly then), looked for once. */
  let longNumber = false;
  if (isJsonMedia(media.type) || isJsonMedia(type)) {
    // A text no longer than the limit cannot nest deeper than it (each level takes a character): not scanned.
    const depth = text.length <= MAX_JSON_DEPTH ? 0 : jsonTextDepth(text, MAX_JSON_DEPTH);
    if (depth > MAX_JSON_DEPTH) {
      violations.push({ location: ['body'], message: tooDeepMessage(depth) });
      return { request, violations, text };
    }
    longNumber = mayHoldBigint(text);
    try {
      request.body = longNumber ? parseExactJson(text) : JSON.parse(text);
    } catch (error) {
      violations.push({ location: ['body'], message: `is not valid JSON (${(error as Error).message})` });
      return { request, violations, text };
    }
  } else {
    request.body = text;
  }
  violations.push(...operation.validateBody(media, longNumber ? forValidation(request.body) : request.body));
  return { request, violations, text };
}

/** Why the request's Accept rules out every media type of the operation's success answers (a 406), if it does. */
export function notAcceptable(operation: CompiledOperation, accept: string | undefined): string | undefined {
  if (!accept) return undefined;
  let judged = acceptances.get(operation);
  // Remembered per operation for the few Accept headers clients send (each a few dozen bytes).
  if (!judged) acceptances.set(operation, (judged = remembered((header) => judgeAccept(operation, header), { kept: 64, longestKey: 200 })));
  return judged(accept);
}

const acceptances = new WeakMap<CompiledOperation, (accept: string) => string | undefined>();

function judgeAccept(operation: CompiledOperation, accept: string): string | undefined {
  const offered = [...operation.responses.entries()].filter(([status]) => status.startsWith('2')).flatMap(([, r]) => r.contents.map((m) => m.type));
  if (offered.length === 0) return undefined;
  const negotiator = new Negotiator({ headers: { accept } });
  if (negotiator.mediaTypes(offered).length > 0) return undefined;
  return `${operation.operationId} answers ${offered.join(', ')}; the Accept header (${accept}) allows none of them.`;
}

/** The credentials an operation takes, for the violation of a request that sent none: `the AccessKey header`. */
export function credentialsNamed(operation: CompiledOperation): string {
  const named = (scheme: CompiledOperation['security'][number][number]) =>
    scheme.type === 'http'
      ? `an Authorization: ${scheme.scheme === 'basic' ? 'Basic' : 'Bearer'} header`
      : `the ${scheme.keyName ?? scheme.name} ${scheme.in ?? 'header'}`;
  return operation.security.map((alternative) => alternative.map(named).join(' and ')).join(', or ');
}
