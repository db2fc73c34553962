// A Hrana WebSocket request is checked against the contract's StreamRequestV3 schema as it came
// (requests.ts): the validator reads the message's own objects, with no JSON copy written and read
// back per request (a 1,000-statement batch was written and parsed again on the HTTP thread). The
// answer is the one the copy got: each planted invalid request of the table gets the very error
// line the copy's validation gave, and each valid one passes. Counted, not timed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkRequest, pipelineShape, streamRequestCheck, type WsRequest } from '../../../../../../packages/mock/src/areas/database/hrana/ws/requests.ts';
import { describeViolations } from '../../../../../../packages/mock/src/engine/request-values.ts';
import { schemaValidator } from '../../../../../../packages/mock/src/engine/schema-validator.ts';
import { loadBundle } from '../../../../../support/openapi.ts';

const schema = schemaValidator(loadBundle('database') as never, 'StreamRequestV3');
/** What the area checked before: the shape written to JSON and parsed back, then validated. */
const throughCopy = (shape: unknown) => {
  const violations = schema(JSON.parse(JSON.stringify(shape)));
  return violations.length > 0 ? describeViolations(violations) : undefined;
};

const sql = (text: string) => ({ sql: text });
/** Requests that have a pipeline form, valid and invalid (a planted fault each). */
const REQUESTS: { label: string; request: WsRequest; valid: boolean }[] = [
  {
    label: 'execute',
    request: { type: 'execute', stream_id: 1, stmt: { sql: 'SELECT ?', args: [{ type: 'integer', value: '1' }], want_rows: true } },
    valid: true,
  },
  {
    label: 'execute, named args',
    request: { type: 'execute', stream_id: 1, stmt: { sql: 'SELECT :a', named_args: [{ name: ':a', value: { type: 'null' } }] } },
    valid: true,
  },
  { label: 'execute without stmt', request: { type: 'execute', stream_id: 1 }, valid: false },
  { label: 'execute, args not an array', request: { type: 'execute', stream_id: 1, stmt: { sql: 'SELECT 1', args: 'x' } }, valid: false },
  {
    label: 'execute, a value of no type',
    request: { type: 'execute', stream_id: 1, stmt: { sql: 'SELECT ?', args: [{ type: 'date', value: '1' }] } },
    valid: false,
  },
  {
    label: 'execute, an integer as a number',
    request: { type: 'execute', stream_id: 1, stmt: { sql: 'SELECT ?', args: [{ type: 'integer', value: 1 }] } },
    valid: false,
  },
  {
    label: 'batch',
    request: { type: 'batch', stream_id: 1, batch: { steps: [{ stmt: sql('SELECT 1') }, { condition: { type: 'ok', step: 0 }, stmt: sql('SELECT 2') }] } },
    valid: true,
  },
  { label: 'batch, a step without stmt', request: { type: 'batch', stream_id: 1, batch: { steps: [{}] } }, valid: false },
  {
    label: 'batch, a condition of no type',
    request: { type: 'batch', stream_id: 1, batch: { steps: [{ condition: { type: 'maybe' }, stmt: sql('SELECT 1') }] } },
    valid: false,
  },
  { label: 'open_cursor', request: { type: 'open_cursor', stream_id: 1, cursor_id: 1, batch: { steps: [{ stmt: sql('SELECT 1') }] } }, valid: true },
  { label: 'open_cursor without batch', request: { type: 'open_cursor', stream_id: 1, cursor_id: 1 }, valid: false },
  { label: 'sequence', request: { type: 'sequence', stream_id: 1, sql: 'SELECT 1; SELECT 2' }, valid: true },
  { label: 'sequence by sql_id', request: { type: 'sequence', stream_id: 1, sql_id: 3, sql: null }, valid: true },
  { label: 'sequence, sql a number', request: { type: 'sequence', stream_id: 1, sql: 5 }, valid: false },
  { label: 'describe', request: { type: 'describe', stream_id: 1, sql: 'SELECT 1' }, valid: true },
  { label: 'describe, sql_id a string', request: { type: 'describe', stream_id: 1, sql_id: 'x' }, valid: false },
  { label: 'store_sql', request: { type: 'store_sql', sql_id: 1, sql: 'SELECT 1' }, valid: true },
  { label: 'store_sql without sql', request: { type: 'store_sql', sql_id: 1 }, valid: false },
];

afterEach(() => vi.restoreAllMocks());

describe('a WebSocket request checked against StreamRequestV3', () => {
  it.each(REQUESTS)(
    '$label: the answer the JSON copy got, from the message’s own objects, in one validation and no JSON written or read',
    ({ request, valid }) => {
      const shape = pipelineShape(request) as Record<string, unknown>;
      // The shape holds the request's own parts, and only those the request has.
      for (const [field, value] of Object.entries(shape)) if (field !== 'type') expect(value).toBe(request[field]);
      const fields = (value: object) => Object.keys(value).filter((field) => field !== 'type' && field !== 'stream_id' && field !== 'cursor_id');
      expect(fields(shape).sort()).toEqual(fields(request).sort());
      const expected = throughCopy(shape);
      expect(expected === undefined).toBe(valid);

      const validations = vi.fn(schema);
      const stringify = vi.spyOn(JSON, 'stringify');
      const parse = vi.spyOn(JSON, 'parse');
      let error: unknown;
      try {
        checkRequest(request, 3, streamRequestCheck(validations));
      } catch (thrown) {
        error = thrown;
      }
      // Nothing is read back; only a refusal's message quotes what it refuses.
      expect(parse).not.toHaveBeenCalled();
      if (valid) expect(stringify).not.toHaveBeenCalled();
      expect(validations).toHaveBeenCalledTimes(1);
      expect(validations.mock.calls[0]![0]).toEqual(shape);
      if (valid) expect(error).toBeUndefined();
      else expect(error).toMatchObject({ code: 'REQUEST_INVALID', message: `The \`${request.type}\` request is invalid: ${expected}` });
    },
  );
});
