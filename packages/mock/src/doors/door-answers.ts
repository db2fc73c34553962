// Request targets and answers as the doors exchange them: the path and query of a target, the
// engine's answer serialized (exact JSON, violations in `sl-violations`), and the mock's own
// problem answers (413 and the like).

import { bodyText, type EngineAnswer, isKept, keptFrozen } from '../engine/answer.ts';
import type { BodyLimit } from '../engine/area.ts';
import { knownJsonLength } from '../engine/json-text.ts';
import type { DoorAnswer } from './door.ts';

/** The raw (still percent-encoded) path and the query of a request target; a path such as //x stays a path. */
export function splitTarget(target: string): { rawPath?: string; search: string } {
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      pathAndQuery = url.pathname + url.search;
    } catch {
      return { search: '' };
    }
  }
  const at = pathAndQuery.indexOf('?');
  return at === -1 ? { rawPath: pathAndQuery, search: '' } : { rawPath: pathAndQuery.slice(0, at), search: pathAndQuery.slice(at + 1) };
}

export function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (search === '') return query;
  const params = new URLSearchParams(search);
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/** Header values must be Latin-1; violations can quote whatever the request sent. */
const asciiOnly = (text: string) => text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Kept answers (frozen: the engine answers a read with the same one while its state is unchanged, engine/reuse.ts) as serialized once. */
const serializedOnce = new WeakMap<EngineAnswer, DoorAnswer>();

/**
 * The engine's answer as bytes to send: JSON for JSON media types, text as it is; its violations
 * in `sl-violations`. A kept answer is serialized once (frozen too: never change what this returns).
 */
export function serialize(answer: EngineAnswer): DoorAnswer {
  // The engine makes fresh headers for each answer but a kept one's (frozen): they become the door's.
  if (!isKept(answer)) return serializeNow(answer, answer.headers);
  let served = serializedOnce.get(answer);
  if (!served) {
    served = serializeNow(answer, { ...answer.headers });
    Object.freeze(served.headers);
    serializedOnce.set(answer, keptFrozen(served));
  }
  return served;
}

/** The answer as sent, its fields added to `headers` (the answer's own, or a copy for a kept answer: a copied object would take each added field through V8's slow path). */
function serializeNow(answer: EngineAnswer, headers: Record<string, string>): DoorAnswer {
  if (answer.violations.length > 0) headers['sl-violations'] = asciiOnly(JSON.stringify(answer.violations).slice(0, 8000));
  const served: DoorAnswer = { status: answer.status, headers, operation: answer.operation, violations: answer.violations };
  if (answer.network) served.network = answer.network;
  const { body } = answer;
  if (body === undefined || body === null || body === '') return served;
  // Bytes an area wrote itself (Hrana in Protobuf) go as they are.
  if (body instanceof Uint8Array) {
    headers['content-length'] = String(body.byteLength);
    served.body = body as Uint8Array<ArrayBuffer>;
    return served;
  }
  const text = answer.text ?? bodyText(body, headers['content-type']).text;
  // A long text's writer may have counted its bytes (a database worker's rows): not counted again.
  headers['content-length'] = String((typeof text === 'string' ? knownJsonLength(body, text) : undefined) ?? Buffer.byteLength(text));
  served.body = text;
  return served;
}

export function problemAnswer(status: number, title: string, detail: string): DoorAnswer {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail });
  return { status, headers: { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)) }, body, violations: [] };
}

export const tooLarge = (limit: BodyLimit) =>
  problemAnswer(413, 'Request body too large', `The mock accepts bodies of at most ${limit.bytes} bytes here; ${limit.option} raises it.`);
