// The breaking-change check takes two ways of writing the same schema for no change
// (scripts/lib/breaking/equivalent-forms.ts), and still sees a real narrowing written either way.
import { describe, expect, it } from 'vitest';
import { compareContracts } from '../../scripts/lib/breaking/compare.ts';
import { inOneForm } from '../../scripts/lib/breaking/equivalent-forms.ts';
import { OPENAPI_DIR } from '../../scripts/lib/paths.ts';
import { readRelease } from '../../scripts/lib/release/releases.ts';
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

/** A contract whose one operation takes `schema` as its body (and answers without one). */
const requestContract = (schema: Json, components: Json = {}): Json => {
  const document = contract(schema, components);
  document.paths['/things'].post.responses = { '200': { description: 'ok' } };
  return document;
};

/** A condition as the Hrana pipeline's: branches told apart by `type`'s const, two of them recursive (`not`, `and`). */
const conditions = ({ closed = true, withEnum = false, autocommit = false, andRequires = 'conds' } = {}) => {
  const type = (value: string) => ({ type: 'string', const: value, ...(withEnum ? { enum: [value] } : {}) });
  const object = (value: string, properties: Json, required: string[]) => ({
    type: 'object',
    ...(closed ? { additionalProperties: false } : {}),
    required: ['type', ...required],
    properties: { type: type(value), ...properties },
  });
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const conds = { type: 'array', items: ref('Cond') };
  return requestContract(ref('Cond'), {
    Cond: { oneOf: [ref('CondOk'), ref('CondNot'), ref('CondAnd'), ref('CondOr'), ...(autocommit ? [ref('CondAutocommit')] : [])] },
    CondOk: object('ok', { step: { type: 'integer', format: 'int32', minimum: 0 } }, ['step']),
    CondNot: object('not', { cond: ref('Cond') }, ['cond']),
    CondAnd: object('and', { conds }, [andRequires]),
    CondOr: object('or', { conds }, ['conds']),
    ...(autocommit ? { CondAutocommit: object('is_autocommit', {}, []) } : {}),
  });
};

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
    [
      'a value or null as anyOf, rewritten as a list of types',
      contract({ type: 'object', properties: { n: { description: 'n', anyOf: [{ type: 'integer', format: 'int32', minimum: 1 }, { type: 'null' }] } } }),
      contract({ type: 'object', properties: { n: { description: 'n', type: ['integer', 'null'], format: 'int32', minimum: 1 } } }),
    ],
    [
      'an enum or null as oneOf (null first), rewritten as a list of types with null in the enum',
      contract({ type: 'object', properties: { kind: { oneOf: [{ type: 'null' }, { type: 'string', enum: ['a', 'b'] }] } } }),
      contract({ type: 'object', properties: { kind: { type: ['null', 'string'], enum: ['a', 'b', null] } } }),
    ],
    [
      'a const with a one-value enum of the same value beside it',
      contract({ type: 'object', properties: { kind: { type: 'string', const: 'a' } } }),
      contract({ type: 'object', properties: { kind: { type: 'string', const: 'a', enum: ['a'] } } }),
    ],
    [
      'a union told apart by a const, given a new branch, its branches opened and each const an enum beside it (the shape of database 2.0.0 to 2.1.0)',
      conditions(),
      conditions({ closed: false, withEnum: true, autocommit: true }),
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
    [
      'a value or null as anyOf, rewritten as its type without null',
      contract({ type: 'object', properties: { n: { anyOf: [{ type: 'integer' }, { type: 'null' }] } } }),
      contract({ type: 'object', properties: { n: { type: 'integer' } } }),
    ],
    [
      'a value or null as anyOf, rewritten as a list of types with a higher minimum',
      contract({ type: 'object', properties: { n: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } } }),
      contract({ type: 'object', properties: { n: { type: ['integer', 'null'], minimum: 5 } } }),
    ],
    [
      'an enum or null as anyOf, rewritten as a list of types whose enum leaves null out',
      contract({ type: 'object', properties: { kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] } } }),
      contract({ type: 'object', properties: { kind: { type: ['string', 'null'], enum: ['a', 'b'] } } }),
    ],
    ["a union told apart by a const whose 'and' branch requires another property", conditions(), conditions({ autocommit: true, andRequires: 'step' })],
  ])('%s: still a breaking change', (_name, before, after) => {
    expect(findBreakingChanges(before, after)).not.toEqual([]);
  });

  it('names what narrowed in a value or null written either way', () => {
    const before = contract({ type: 'object', properties: { n: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } } });
    const after = contract({ type: 'object', properties: { n: { type: ['integer', 'null'], minimum: 5 } } });
    expect(findBreakingChanges(before, after).map((finding) => finding.text)).toEqual([
      "POST /things raised the minimum of the request property 'n' from 1 to 5",
    ]);
  });

  it("pairs a union's branches by their const: the new branch is the one change to the union", () => {
    const findings = compareContracts(conditions(), conditions({ autocommit: true, withEnum: true }));
    expect(findings.map((finding) => `${finding.level} ${finding.rule}`)).toContain('info request-body-one-of-added');
    expect(findings.filter((finding) => !/one-of-added$/.test(finding.rule) || finding.level !== 'info')).toEqual([]);
  });

  it("reads database 2.0.0 to 2.1.0 as it changed: the conditions' union gained is_autocommit and opened its branches, nothing broke", () => {
    const release = (version: string) => readRelease(OPENAPI_DIR, 'database', version).document as Json;
    const findings = compareContracts(release('2.0.0'), release('2.1.0'));
    expect(findings.filter((finding) => finding.level !== 'info').map((finding) => finding.text)).toEqual([]);
    expect([...new Set(findings.filter((finding) => finding.text.includes('.condition')).map((finding) => finding.rule))].sort()).toEqual([
      'request-property-additional-properties-allowed',
      'request-property-one-of-added',
    ]);
  });

  it('keeps a value or null whose parent constrains it too as it is written', () => {
    const schema = { minimum: 0, anyOf: [{ type: 'integer' }, { type: 'null' }] };
    expect(inOneForm(contract(schema))).toEqual(contract(schema));
  });

  it('leaves the document it is given as it is', () => {
    const before = contract({ $ref: '#/components/schemas/Probe' }, { Probe: oneOfBesideProperties });
    const copy = structuredClone(before);
    inOneForm(before);
    expect(before).toEqual(copy);
  });
});
