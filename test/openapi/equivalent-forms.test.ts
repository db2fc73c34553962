// The breaking-change check takes two ways of writing the same schema for no change
// (scripts/lib/equivalent-forms.ts), and still sees a real narrowing written either way.
import { describe, expect, it } from 'vitest';
import { compareContracts } from '../../scripts/lib/breaking.ts';
import { inOneForm } from '../../scripts/lib/equivalent-forms.ts';
import type { Json } from '../support/openapi.ts';

const findBreakingChanges = (before: Json, after: Json) => compareContracts(before, after).filter((finding) => finding.level === 'error');

/** A contract whose one operation takes `schema` as its body and answers it. */
const contract = (schema: Json, components: Json = {}): Json => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1.0.0' },
  paths: {
    '/things': {
      post: {
        operationId: 'addThing',
        requestBody: { content: { 'application/json': { schema } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
      },
    },
  },
  components: { schemas: components },
});

const timings = { periodSeconds: { type: 'integer', format: 'int64' } };
/** A probe as ContainerProbe was written: branches that only require their check beside the parent's properties. */
const oneOfBesideProperties = {
  type: 'object',
  additionalProperties: false,
  properties: { ...timings, httpGet: { type: 'object' }, tcpSocket: { type: 'object' } },
  oneOf: [
    { title: 'HTTP GET check', required: ['httpGet'], properties: { httpGet: {} } },
    { title: 'TCP socket check', required: ['tcpSocket'], properties: { tcpSocket: {} } },
  ],
};
const branch = (check: string, extra: Json = {}) => ({
  type: 'object',
  additionalProperties: false,
  required: [check],
  properties: { ...timings, [check]: { type: 'object' }, ...extra },
});
/** The same probe as a oneOf of complete schemas, each a component. */
const completeBranches = (httpGet = branch('httpGet'), tcpSocket = branch('tcpSocket')) =>
  contract(
    { $ref: '#/components/schemas/Probe' },
    {
      Probe: { oneOf: [{ $ref: '#/components/schemas/HttpGetProbe' }, { $ref: '#/components/schemas/TcpSocketProbe' }] },
      HttpGetProbe: httpGet,
      TcpSocketProbe: tcpSocket,
    },
  );

describe('two forms of one contract', () => {
  it.each([
    [
      'an int32 with its format bounds written out',
      contract({ type: 'integer', format: 'int32' }),
      contract({ type: 'integer', format: 'int32', minimum: -2147483648, maximum: 2147483647 }),
    ],
    [
      'a oneOf beside properties, rewritten as a oneOf of complete branches',
      contract({ $ref: '#/components/schemas/Probe' }, { Probe: oneOfBesideProperties }),
      completeBranches(),
    ],
  ])('%s: no breaking change', (_name, before, after) => {
    expect(findBreakingChanges(before, after)).toEqual([]);
  });

  it.each([
    [
      'an int32 bounded tighter than its format',
      contract({ type: 'integer', format: 'int32' }),
      contract({ type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 }),
    ],
    [
      'complete branches that leave a timing out',
      contract({ $ref: '#/components/schemas/Probe' }, { Probe: oneOfBesideProperties }),
      completeBranches(branch('httpGet'), { ...branch('tcpSocket'), properties: { tcpSocket: { type: 'object' } } }),
    ],
  ])('%s: still a breaking change', (_name, before, after) => {
    expect(findBreakingChanges(before, after)).not.toEqual([]);
  });

  it('leaves the document it is given as it is', () => {
    const before = contract({ $ref: '#/components/schemas/Probe' }, { Probe: oneOfBesideProperties });
    const copy = structuredClone(before);
    inOneForm(before);
    expect(before).toEqual(copy);
  });
});
