// The mock's side of the differential test: statements sent through the mock's HTTP door
// (`/v2/pipeline`, one stream, in process through the mock's fetch) to a fresh database of an
// access key of their own, each answer brought to the reference's shape (./reference.ts).
import type { Outcome, Value } from './reference.ts';

type Fetch = typeof globalThis.fetch;

interface HranaValue {
  type: string;
  value?: unknown;
  base64?: string;
}
type HranaResult =
  | {
      type: 'ok';
      response: {
        result: {
          cols: { name: string | null; decltype?: string | null }[];
          rows: HranaValue[][];
          affected_row_count: number;
          last_insert_rowid: string | null;
        };
      };
    }
  | { type: 'error'; error: { message: string; code?: string | null } };

/** A Full Access token of the database `my-database` of a new access key: a database no one else has used. */
export async function freshDatabaseToken(fetch: Fetch, url: string, accessKey: string): Promise<string> {
  const response = await fetch(`${url}/database/my-database/tokens`, {
    method: 'POST',
    headers: { AccessKey: accessKey, 'content-type': 'application/json' },
    body: '{"kinds":["full_access"]}',
  });
  if (response.status !== 201) throw new Error(`no token for ${accessKey}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
}

function hranaValue(value: HranaValue): Value {
  switch (value.type) {
    case 'integer':
      return { type: 'integer', value: String(value.value) };
    case 'float':
      return { type: 'float', value: value.value as number | null };
    case 'text':
      return { type: 'text', value: String(value.value) };
    case 'blob':
      return { type: 'blob', hex: Buffer.from(value.base64 ?? '', 'base64').toString('hex') };
    default:
      return { type: 'null' };
  }
}

/** SQLite's own message inside sqld's wording of an error. */
function coreMessage(message: string): string {
  return message
    .replace(/^SQL string could not be parsed: /, '')
    .replace(/^SQLite error: /, '')
    .replace(/^SQL input error: (.*) \(at offset -?\d+\)$/s, '$1');
}

function outcomeOf(result: HranaResult): Outcome {
  if (result.type === 'error') return { ok: false, code: result.error.code ?? 'null', message: coreMessage(result.error.message) };
  const { cols, rows, affected_row_count, last_insert_rowid } = result.response.result;
  return {
    ok: true,
    cols: cols.map((col) => ({ name: col.name ?? '', decltype: col.decltype ?? null })),
    rows: rows.map((row) => row.map(hranaValue)),
    affected: affected_row_count,
    lastInsertRowid: last_insert_rowid ?? null,
  };
}

/** Statements per pipeline request: a long script goes in several, on one stream (its baton). */
const PER_REQUEST = 200;

/** Runs the statements in order on one stream of the database the token opens; one outcome each. */
export async function runOnMock(fetch: Fetch, url: string, token: string, statements: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let baton: string | null = null;
  for (let start = 0; start < statements.length || start === 0; start += PER_REQUEST) {
    const chunk = statements.slice(start, start + PER_REQUEST);
    const last = start + PER_REQUEST >= statements.length;
    const requests = [...chunk.map((sql) => ({ type: 'execute', stmt: { sql } })), ...(last ? [{ type: 'close' }] : [])];
    const response = await fetch(`${url}/v2/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ baton, requests }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the pipeline answered ${response.status}: ${text}`);
    const answer = JSON.parse(text) as { baton: string | null; results: HranaResult[] };
    outcomes.push(...answer.results.slice(0, chunk.length).map(outcomeOf));
    baton = answer.baton;
    if (last) break;
  }
  return outcomes;
}

/** Whether the mock's outcome is the reference's: equal, or the same error where sqld may word or code it either way. */
export function agrees(reference: Outcome, mock: Outcome): boolean {
  if (reference.ok || mock.ok) return JSON.stringify(reference) === JSON.stringify(mock);
  const codes = Array.isArray(reference.code) ? reference.code : [reference.code];
  return codes.includes(mock.code as string) && (reference.message === null || reference.message === mock.message);
}
