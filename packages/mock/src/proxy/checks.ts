// The contract's judgement of one proxied exchange: the request as the mock reads it (request.ts,
// the same reading as every mocked call), the upstream's answer against the documented answers
// of its status, and the upgraded connections' messages against the schemas the area names. Every
// violation says which element of the contract it contradicts (contract-locations.ts).

import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { valueAt, walkOperations } from '@platform-contracts/contracts';
import type { OpenApiDocument } from '../engine/area.ts';
import { type CompiledOperation, mediaMatches } from '../engine/contract.ts';
import { forValidation, mayHoldBigint, parseExactJson } from '../engine/exact-json.ts';
import { credentialOf, type IncomingRequest, readRequest } from '../engine/request.ts';
import { type ContractViolation, createLocatingValidator, pointerTo } from './contract-locations.ts';

// Required, not imported: see engine/request.ts.
const contentType = createRequire(import.meta.url)('content-type') as typeof import('content-type');

const JSON_MEDIA = /^(application\/json|text\/json|application\/[^;]*\+json)$/;

/** The answer's body as the proxy read it, for reports and recordings. */
export interface ReadAnswer {
  mediaType?: string;
  /** Parsed JSON (exactly: big integers as bigint), text, or undefined without a body (or one that could not be read). */
  value?: unknown;
}

export interface AnswerJudgement {
  violations: ContractViolation[];
  /** The `x-assumed` elements the answer exercised without contradicting them (only for a conforming answer). */
  confirmed: string[];
  /** Whether the contract documents the status (exactly, as `2XX`, or `default`). */
  documented: boolean;
  body: ReadAnswer;
}

export function createAreaChecks(area: string, document: OpenApiDocument, maxDecodedBytes: number) {
  const locating = createLocatingValidator(area, document);
  const operationPlaces = new Map(walkOperations(document).map((raw) => [String(raw.operation.operationId), { place: raw.pointer.replace(/^#\//, ''), raw }]));
  const placeOfOperation = (operation: CompiledOperation) => operationPlaces.get(operation.operationId)!;
  /** The last conforming body text of each schema place and what it confirmed: an answer repeated byte for byte is judged once. */
  const lastConforming = new Map<string, { text: string; confirmed: string[] }>();

  /** Where a parameter is declared (its `$ref` followed), for the violations of its value. */
  function parameterPlace(operation: CompiledOperation, location: string, name: string): string {
    const { place, raw } = placeOfOperation(operation);
    const pathPlace = place.slice(0, place.lastIndexOf('/'));
    const candidates: [unknown, string][] = [
      ...((raw.operation.parameters as unknown[] | undefined) ?? []).map((p, i) => [p, `${place}/parameters/${i}`] as [unknown, string]),
      ...((raw.pathItem.parameters as unknown[] | undefined) ?? []).map((p, i) => [p, `${pathPlace}/parameters/${i}`] as [unknown, string]),
    ];
    for (const [parameter, at] of candidates) {
      const ref = (parameter as { $ref?: string }).$ref;
      const resolved = (ref ? valueAt(document, ref) : parameter) as { name?: string; in?: string } | undefined;
      if (resolved?.in === location && resolved.name?.toLowerCase() === name.toLowerCase()) return ref ? ref.replace(/^#\//, '') : at;
    }
    return `${place}/parameters`;
  }

  /** The request's violations, as the mock's own validation finds them, each placed in the contract. */
  function judgeRequest(operation: CompiledOperation, rawParams: Record<string, string>, incoming: IncomingRequest): ContractViolation[] {
    const { place } = placeOfOperation(operation);
    const violations: ContractViolation[] = [];
    if (credentialOf(operation, incoming.headers) === undefined) {
      const names = operation.security.map((alternative) => alternative.map((s) => s.keyName ?? s.scheme ?? s.name).join(' and ')).join(' or ');
      violations.push(located(['request', 'header'], `carries none of the credentials the operation asks for (${names})`, `${place}/security`));
    }
    const read = readRequest(operation, rawParams, incoming);
    const bodyViolations = read.violations.filter((v) => v.location[0] === 'body');
    for (const violation of read.violations.filter((v) => v.location[0] !== 'body')) {
      const [location, name] = violation.location;
      violations.push(located(['request', ...violation.location], violation.message, `${parameterPlace(operation, location!, name ?? '')}/schema`));
    }
    if (bodyViolations.length === 0) return violations;
    // Again with places: only when the mock's validation refused the body, so a conforming request costs one validation.
    const media = operation.body?.contents.find((m) => read.request.contentType !== undefined && mediaMatches(m.type, read.request.contentType));
    const bodyPlace = `${place}/requestBody`;
    if (media?.schema !== undefined && read.request.body !== undefined) {
      const schemaPlace = `${bodyPlace}/content/${pointerTo(media.type)}/schema`;
      const value =
        typeof read.request.body === 'string' || !mayHoldBigint(incoming.body!.toString('utf8')) ? read.request.body : forValidation(read.request.body);
      const placed = locating.validate(resolvedPlace(document, schemaPlace), value, ['request', 'body']);
      if (placed.length > 0) return [...violations, ...placed];
    }
    return [...violations, ...bodyViolations.map((v) => located(['request', ...v.location], v.message, `${bodyPlace}/content`))];
  }

  function located(location: string[], message: string, contract: string, value?: unknown): ContractViolation {
    return { location, message, contract, assumed: locating.assumedAt(contract), ...(value === undefined ? {} : { value }) };
  }

  /** The upstream's answer against the contract: its status, media type and body. */
  function judgeAnswer(operation: CompiledOperation, method: string, status: number, headers: Record<string, string>, bytes: Buffer): AnswerJudgement {
    const { place, raw } = placeOfOperation(operation);
    const responses = (raw.operation.responses ?? {}) as Record<string, unknown>;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    const read = readAnswer(headers, bytes, maxDecodedBytes);
    if (key === undefined) {
      return {
        violations: [
          located(['response', 'status'], `status ${status} is not documented (${Object.keys(responses).join(', ')})`, `${place}/responses`, status),
        ],
        confirmed: [],
        documented: false,
        body: read.answer,
      };
    }
    const responsePlace = resolvedPlace(document, `${place}/responses/${pointerTo(key)}`);
    const response = valueAt(document, `#/${responsePlace}`) as { content?: Record<string, { schema?: unknown }> };
    const content = response.content ?? {};
    const violations: ContractViolation[] = [];
    const hasBody = bytes.length > 0 && method !== 'HEAD';
    const mediaKeys = Object.keys(content);
    const confirmed = new Set<string>();
    if (read.problem) violations.push(located(['response', 'body'], read.problem, `${responsePlace}/content`));
    else if (!hasBody) {
      if (mediaKeys.some((k) => content[k]?.schema !== undefined) && status !== 204 && status !== 304 && method !== 'HEAD') {
        violations.push(
          located(['response', 'body'], `is empty; the contract documents a ${mediaKeys.join(' or ')} body for ${key}`, `${responsePlace}/content`),
        );
      }
    } else if (mediaKeys.length === 0) {
      violations.push(
        located(
          ['response', 'body'],
          `is not documented for ${key} (the contract documents no body), got ${read.answer.mediaType ?? 'no Content-Type'}`,
          `${responsePlace}/content`,
        ),
      );
    } else {
      const mediaKey = read.answer.mediaType === undefined ? undefined : mediaKeys.find((k) => mediaMatches(k.toLowerCase(), read.answer.mediaType!));
      if (mediaKey === undefined) {
        violations.push(
          located(
            ['response', 'header', 'content-type'],
            `${read.answer.mediaType ?? 'no Content-Type'} is not documented for ${key} (${mediaKeys.join(', ')})`,
            `${responsePlace}/content`,
          ),
        );
      } else if (content[mediaKey]?.schema !== undefined) {
        const schemaPlace = resolvedPlace(document, `${responsePlace}/content/${pointerTo(mediaKey)}/schema`);
        const last = lastConforming.get(schemaPlace);
        if (last !== undefined && read.text === last.text) for (const at of last.confirmed) confirmed.add(at);
        else {
          const value = read.validationValue;
          violations.push(...locating.validate(schemaPlace, value, ['response', 'body']));
          if (violations.length === 0) {
            const exercised = locating.exercised(schemaPlace, value);
            for (const at of exercised) confirmed.add(at);
            if (read.text !== undefined) lastConforming.set(schemaPlace, { text: read.text, confirmed: exercised });
          }
        }
      }
    }
    if (violations.length === 0) {
      for (const at of [place, responsePlace]) {
        const assumed = locating.assumedAt(at);
        if (assumed?.at === at) confirmed.add(at);
      }
    }
    return { violations, confirmed: [...confirmed], documented: true, body: read.answer };
  }

  /** A message of an upgraded connection against a schema the area names (`components/schemas/<name>`). */
  function judgeMessage(schema: string, value: unknown, location: string[]): { violations: ContractViolation[]; confirmed: string[] } {
    const place = `components/schemas/${pointerTo(schema)}`;
    const violations = locating.validate(place, value, location);
    return { violations, confirmed: violations.length === 0 ? locating.exercised(place, value) : [] };
  }

  return { judgeRequest, judgeAnswer, judgeMessage, assumedAt: locating.assumedAt };
}

export type AreaChecks = ReturnType<typeof createAreaChecks>;

/** A place whose value is a `$ref` stands for the place it leads to (`components/responses/X`). */
function resolvedPlace(document: OpenApiDocument, place: string): string {
  let current = place;
  for (let hops = 0; hops < 20; hops++) {
    const ref = (valueAt(document, `#/${current}`) as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return current;
    current = ref.replace(/^#\/?/, '');
  }
  return current;
}

/** The answer's body decoded (Content-Encoding undone, bounded) and parsed by its media type. */
function readAnswer(
  headers: Record<string, string>,
  bytes: Buffer,
  maxDecodedBytes: number,
): { answer: ReadAnswer; validationValue?: unknown; problem?: string; text?: string } {
  let mediaType: string | undefined;
  try {
    mediaType = headers['content-type'] ? contentType.parse(headers['content-type']).type : undefined;
  } catch {
    return { answer: {}, problem: `has a Content-Type that is not a media type: ${JSON.stringify(headers['content-type'])}` };
  }
  if (bytes.length === 0) return { answer: { mediaType } };
  let decoded: Buffer;
  try {
    decoded = decode(headers['content-encoding'], bytes, maxDecodedBytes);
  } catch (error) {
    return { answer: { mediaType }, problem: `cannot be decoded (Content-Encoding ${headers['content-encoding']}): ${(error as Error).message}` };
  }
  const text = decoded.toString('utf8');
  if (!mediaType || !JSON_MEDIA.test(mediaType)) return { answer: { mediaType, value: text }, validationValue: text, text };
  try {
    const value = parseExactJson(text);
    return { answer: { mediaType, value }, validationValue: mayHoldBigint(text) ? forValidation(value) : value, text };
  } catch (error) {
    return { answer: { mediaType, value: text }, problem: `is not valid JSON (${(error as Error).message})` };
  }
}

function decode(encoding: string | undefined, bytes: Buffer, maxOutputLength: number): Buffer {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
      return bytes;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(bytes, { maxOutputLength });
    case 'deflate':
      return inflateSync(bytes, { maxOutputLength });
    case 'br':
      return brotliDecompressSync(bytes, { maxOutputLength });
    default:
      throw new Error(`the proxy reads identity, gzip, deflate and br`);
  }
}
