// Every rule of the breaking-change table (scripts/lib/breaking/rules.ts), from the table: each
// has an example change to a small contract, which must give exactly one finding, of that rule,
// in the expected words; the gate of `pnpm check:breaking` refuses it when the rule's level is
// error and accepts it otherwise. Changes that only document give no finding at all.
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../scripts/check-breaking.ts';
import { compareContracts, RULES } from '../../scripts/lib/breaking/compare.ts';
import type { Json } from '../support/openapi.ts';

function base(): Json {
  const object = () => ({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: 'string' } } });
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1.0.0' },
    paths: {
      '/things/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'filter', in: 'query', required: false, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-Rate': { required: false, schema: { type: 'integer' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            '404': { description: 'not found' },
          },
        },
        put: {
          operationId: 'putThing',
          security: [{ key: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } } } },
          responses: { '204': { description: 'done' } },
        },
      },
      '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } } },
    },
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'AccessKey' }, token: { type: 'http', scheme: 'bearer' } },
      schemas: { Thing: object(), ThingInput: object() },
    },
  };
}

interface Example {
  /** Makes the before-contract from the base, where the change needs a starting point. */
  prepare?: (d: Json) => void;
  change: (d: Json) => void;
  says: string;
}

const get = (d: Json) => d.paths['/things/{id}'].get;
const put = (d: Json) => d.paths['/things/{id}'].put;
const ok = (d: Json) => get(d).responses['200'];
const thing = (d: Json) => d.components.schemas.Thing;
const input = (d: Json) => d.components.schemas.ThingInput;

// ---- the families, spread over the places a schema sits ----

const SUBJECTS: Record<string, { schema: (d: Json) => Json; set: (d: Json, schema: Json) => void; ops: string; element: string }> = {
  'request-parameter': {
    schema: (d) => get(d).parameters[0].schema,
    set: (d, s) => (get(d).parameters[0].schema = s),
    ops: 'GET /things/{id}',
    element: "the query parameter 'filter'",
  },
  'request-body': { schema: input, set: (d, s) => (d.components.schemas.ThingInput = s), ops: 'PUT /things/{id}', element: 'the request body' },
  'request-property': {
    schema: (d) => input(d).properties.note,
    set: (d, s) => (input(d).properties.note = s),
    ops: 'PUT /things/{id}',
    element: "the request property 'note'",
  },
  'response-body': { schema: thing, set: (d, s) => (d.components.schemas.Thing = s), ops: 'GET /things/{id}', element: 'the 200 response body' },
  'response-property': {
    schema: (d) => thing(d).properties.note,
    set: (d, s) => (thing(d).properties.note = s),
    ops: 'GET /things/{id}',
    element: "the property 'note' of the 200 response",
  },
  'response-header': {
    schema: (d) => ok(d).headers['X-Rate'].schema,
    set: (d, s) => (ok(d).headers['X-Rate'].schema = s),
    ops: 'GET /things/{id}',
    element: "the 200 response header 'X-Rate'",
  },
};

const BOUNDS: Record<string, string> = {
  'max-length': 'maxLength',
  max: 'maximum',
  'exclusive-max': 'exclusiveMaximum',
  'max-items': 'maxItems',
  'max-properties': 'maxProperties',
  'min-length': 'minLength',
  min: 'minimum',
  'exclusive-min': 'exclusiveMinimum',
  'min-items': 'minItems',
  'min-properties': 'minProperties',
};

const EXAMPLES = new Map<string, Example>();

for (const [subject, { schema, set, ops, element }] of Object.entries(SUBJECTS)) {
  const keyword = (k: string, before: unknown, after: unknown, says: string) => ({
    prepare: before === undefined ? undefined : (d: Json) => (schema(d)[k] = structuredClone(before)),
    change: (d: Json) => (after === undefined ? delete schema(d)[k] : (schema(d)[k] = structuredClone(after))),
    says: `${ops} ${says}`,
  });
  for (const [id, k] of Object.entries(BOUNDS)) {
    EXAMPLES.set(`${subject}-${id}-set`, keyword(k, undefined, 5, `set the ${k} of ${element} to 5`));
    EXAMPLES.set(`${subject}-${id}-unset`, keyword(k, 5, undefined, `removed the ${k} (5) of ${element}`));
    EXAMPLES.set(`${subject}-${id}-increased`, keyword(k, 5, 10, `raised the ${k} of ${element} from 5 to 10`));
    EXAMPLES.set(`${subject}-${id}-decreased`, keyword(k, 10, 5, `lowered the ${k} of ${element} from 10 to 5`));
  }
  EXAMPLES.set(`${subject}-enum-value-removed`, keyword('enum', ['a', 'b'], ['a'], `removed the value 'b' from the enum of ${element}`));
  EXAMPLES.set(`${subject}-enum-value-added`, keyword('enum', ['a'], ['a', 'b'], `added the value 'b' to the enum of ${element}`));
  EXAMPLES.set(`${subject}-became-enum`, keyword('enum', undefined, ['a', 'b'], `restricted ${element} to the values 'a', 'b'`));
  EXAMPLES.set(`${subject}-enum-removed`, keyword('enum', ['a', 'b'], undefined, `no longer restricts ${element} to a list of values`));
  EXAMPLES.set(`${subject}-type-generalized`, keyword('type', 'string', ['string', 'null'], `widened the type of ${element} from string to string or null`));
  EXAMPLES.set(`${subject}-type-specialized`, keyword('type', ['string', 'null'], 'string', `narrowed the type of ${element} from string or null to string`));
  EXAMPLES.set(`${subject}-type-changed`, keyword('type', 'string', 'integer', `changed the type of ${element} from string to integer`));
  EXAMPLES.set(`${subject}-format-changed`, keyword('format', 'date', 'date-time', `changed the format of ${element} from 'date' to 'date-time'`));
  EXAMPLES.set(`${subject}-format-set`, keyword('format', undefined, 'date', `set the format of ${element} to 'date'`));
  EXAMPLES.set(`${subject}-format-unset`, keyword('format', 'date', undefined, `removed the format 'date' of ${element}`));
  EXAMPLES.set(`${subject}-pattern-added`, keyword('pattern', undefined, '^a', `added the pattern '^a' to ${element}`));
  EXAMPLES.set(`${subject}-pattern-changed`, keyword('pattern', '^a', '^b', `changed the pattern of ${element} from '^a' to '^b'`));
  EXAMPLES.set(`${subject}-pattern-removed`, keyword('pattern', '^a', undefined, `removed the pattern '^a' of ${element}`));
  EXAMPLES.set(`${subject}-default-value-changed`, keyword('default', 'a', 'b', `changed the default of ${element} from 'a' to 'b'`));
  EXAMPLES.set(
    `${subject}-additional-properties-restricted`,
    keyword('additionalProperties', undefined, false, `no longer allows properties that ${element} does not list`),
  );
  EXAMPLES.set(
    `${subject}-additional-properties-allowed`,
    keyword('additionalProperties', false, undefined, `allows properties that ${element} does not list`),
  );
  for (const [k, article] of [
    ['oneOf', 'a'],
    ['anyOf', 'an'],
  ] as const) {
    const two = [{ type: 'string' }, { type: 'integer' }];
    const three = [...two, { type: 'boolean' }];
    const id = k === 'oneOf' ? 'one-of' : 'any-of';
    EXAMPLES.set(`${subject}-${id}-added`, {
      prepare: (d) => set(d, { [k]: two }),
      change: (d) => set(d, { [k]: three }),
      says: `${ops} added ${article} ${k} branch to ${element}`,
    });
    EXAMPLES.set(`${subject}-${id}-removed`, {
      prepare: (d) => set(d, { [k]: three }),
      change: (d) => set(d, { [k]: two }),
      says: `${ops} removed ${article} ${k} branch of ${element}`,
    });
  }
}

// ---- the rest, one by one ----

const add = (id: string, example: Example) => EXAMPLES.set(id, example);
add('api-removed-without-deprecation', { change: (d) => delete d.paths['/things/{id}'].put, says: 'PUT /things/{id} was removed (operationId putThing)' });
add('api-removed-with-deprecation', {
  prepare: (d) => (put(d).deprecated = true),
  change: (d) => delete d.paths['/things/{id}'].put,
  says: 'PUT /things/{id} was removed after its deprecation (operationId putThing)',
});
add('endpoint-added', {
  change: (d) => (d.paths['/things/{id}'].delete = { operationId: 'deleteThing', responses: { '204': { description: 'gone' } } }),
  says: 'DELETE /things/{id} was added (operationId deleteThing)',
});
add('api-path-changed', {
  change: (d) => ((d.paths['/items'] = d.paths['/things']), delete d.paths['/things']),
  says: 'GET /things moved to GET /items (operationId listThings)',
});
add('api-path-parameter-renamed', {
  change: (d) => {
    d.paths['/things/{thingId}'] = d.paths['/things/{id}'];
    delete d.paths['/things/{id}'];
    d.paths['/things/{thingId}'].parameters[0].name = 'thingId';
  },
  says: "GET /things/{thingId}, PUT /things/{thingId} renamed the path /things/{id} to /things/{thingId} (only its parameters' names)",
});
add('api-operation-id-changed', {
  change: (d) => (put(d).operationId = 'replaceThing'),
  says: "PUT /things/{id} changed its operationId from 'putThing' to 'replaceThing'",
});
add('api-deprecated', { change: (d) => (get(d).deprecated = true), says: 'GET /things/{id} was deprecated' });
add('api-reactivated', {
  prepare: (d) => (get(d).deprecated = true),
  change: (d) => delete get(d).deprecated,
  says: 'GET /things/{id} is no longer deprecated',
});
add('api-security-added', {
  prepare: (d) => delete put(d).security,
  change: (d) => (put(d).security = [{ key: [] }]),
  says: "PUT /things/{id} now requires 'key'",
});
add('api-security-removed', { change: (d) => delete put(d).security, says: "PUT /things/{id} no longer requires 'key'" });
add('api-security-alternative-added', { change: (d) => put(d).security.push({ token: [] }), says: "PUT /things/{id} also accepts 'token'" });
add('api-security-alternative-removed', {
  prepare: (d) => put(d).security.push({ token: [] }),
  change: (d) => put(d).security.pop(),
  says: "PUT /things/{id} no longer accepts 'token'",
});
add('api-security-changed', {
  change: (d) => (put(d).security = [{ key: ['write'] }]),
  says: "PUT /things/{id} changed its security from 'key' to 'key' with the scopes 'write'",
});
add('request-parameter-removed', { change: (d) => (get(d).parameters = []), says: "GET /things/{id} removed the optional query parameter 'filter'" });
add('new-required-request-parameter', {
  change: (d) => get(d).parameters.push({ name: 'mode', in: 'query', required: true, schema: { type: 'string' } }),
  says: "GET /things/{id} added the required query parameter 'mode'",
});
add('new-optional-request-parameter', {
  change: (d) => get(d).parameters.push({ name: 'fields', in: 'query', schema: { type: 'string' } }),
  says: "GET /things/{id} added the optional query parameter 'fields'",
});
add('request-parameter-renamed', {
  change: (d) => (get(d).parameters[0].name = 'where'),
  says: "GET /things/{id} renamed the optional query parameter 'filter' to 'where'",
});
add('request-parameter-became-required', {
  change: (d) => (get(d).parameters[0].required = true),
  says: "GET /things/{id} made the query parameter 'filter' required",
});
add('request-parameter-became-optional', {
  prepare: (d) => (get(d).parameters[0].required = true),
  change: (d) => (get(d).parameters[0].required = false),
  says: "GET /things/{id} made the query parameter 'filter' optional",
});
add('request-parameter-serialization-changed', {
  change: (d) => (get(d).parameters[0].explode = false),
  says: "GET /things/{id} changed how the query parameter 'filter' is written (explode: 'default' to false)",
});
add('request-body-removed', { change: (d) => delete put(d).requestBody, says: 'PUT /things/{id} removed the request body' });
const body = (d: Json) => put(d).requestBody;
add('request-body-added-required', {
  prepare: (d) => delete put(d).requestBody,
  change: (d) => (put(d).requestBody = base().paths['/things/{id}'].put.requestBody),
  says: 'PUT /things/{id} added a required request body',
});
add('request-body-added-optional', {
  prepare: (d) => delete put(d).requestBody,
  change: (d) => (put(d).requestBody = { ...base().paths['/things/{id}'].put.requestBody, required: false }),
  says: 'PUT /things/{id} added an optional request body',
});
add('request-body-became-required', {
  prepare: (d) => (body(d).required = false),
  change: (d) => (body(d).required = true),
  says: 'PUT /things/{id} made the request body required',
});
add('request-body-became-optional', { change: (d) => (body(d).required = false), says: 'PUT /things/{id} made the request body optional' });
const textJson = (d: Json) => (body(d).content['text/json'] = { schema: { $ref: '#/components/schemas/ThingInput' } });
add('request-body-media-type-removed', {
  prepare: textJson,
  change: (d) => delete body(d).content['text/json'],
  says: "PUT /things/{id} removed the media type 'text/json' from the request body",
});
add('request-body-media-type-added', { change: textJson, says: "PUT /things/{id} added the media type 'text/json' to the request body" });
const xml = (d: Json) => (ok(d).content['application/xml'] = { schema: { $ref: '#/components/schemas/Thing' } });
add('response-media-type-removed', {
  prepare: xml,
  change: (d) => delete ok(d).content['application/xml'],
  says: "GET /things/{id} removed the media type 'application/xml' from the 200 response",
});
add('response-media-type-added', { change: xml, says: "GET /things/{id} added the media type 'application/xml' to the 200 response" });
add('response-success-status-removed', { change: (d) => delete get(d).responses['200'], says: 'GET /things/{id} removed the success response 200' });
add('response-non-success-status-removed', { change: (d) => delete get(d).responses['404'], says: 'GET /things/{id} removed the non-success response 404' });
add('response-success-status-added', {
  change: (d) => (put(d).responses['201'] = { description: 'made' }),
  says: 'PUT /things/{id} added the success response 201',
});
add('response-non-success-status-added', {
  change: (d) => (put(d).responses['400'] = { description: 'bad' }),
  says: 'PUT /things/{id} added the non-success response 400',
});
const rateRequired = (d: Json) => (ok(d).headers['X-Rate'].required = true);
add('response-required-header-removed', {
  prepare: rateRequired,
  change: (d) => delete ok(d).headers,
  says: "GET /things/{id} removed the required header 'X-Rate' from the 200 response",
});
add('response-optional-header-removed', {
  change: (d) => delete ok(d).headers['X-Rate'],
  says: "GET /things/{id} removed the optional header 'X-Rate' from the 200 response",
});
add('response-header-added', {
  change: (d) => (ok(d).headers['X-Next'] = { schema: { type: 'string' } }),
  says: "GET /things/{id} added the optional header 'X-Next' to the 200 response",
});
add('response-header-became-optional', {
  prepare: rateRequired,
  change: (d) => (ok(d).headers['X-Rate'].required = false),
  says: "GET /things/{id} made the header 'X-Rate' of the 200 response optional",
});
add('response-header-became-required', { change: rateRequired, says: "GET /things/{id} made the header 'X-Rate' of the 200 response required" });
add('request-property-removed', { change: (d) => delete input(d).properties.note, says: "PUT /things/{id} removed the optional request property 'note'" });
add('new-required-request-property', {
  change: (d) => ((input(d).properties.size = { type: 'integer' }), input(d).required.push('size')),
  says: "PUT /things/{id} added the required request property 'size'",
});
add('new-optional-request-property', {
  change: (d) => (input(d).properties.size = { type: 'integer' }),
  says: "PUT /things/{id} added the optional request property 'size'",
});
add('response-required-property-removed', {
  change: (d) => (delete thing(d).properties.name, (thing(d).required = [])),
  says: "GET /things/{id} removed the required property 'name' from the 200 response",
});
add('response-optional-property-removed', {
  change: (d) => delete thing(d).properties.note,
  says: "GET /things/{id} removed the optional property 'note' from the 200 response",
});
add('response-required-property-added', {
  change: (d) => ((thing(d).properties.size = { type: 'integer' }), thing(d).required.push('size')),
  says: "GET /things/{id} added the required property 'size' to the 200 response",
});
add('response-optional-property-added', {
  change: (d) => (thing(d).properties.size = { type: 'integer' }),
  says: "GET /things/{id} added the optional property 'size' to the 200 response",
});
add('request-property-renamed', {
  change: (d) => ((input(d).properties.label = input(d).properties.note), delete input(d).properties.note),
  says: "PUT /things/{id} renamed the request property 'note' to 'label'",
});
add('response-property-renamed', {
  change: (d) => ((thing(d).properties.remark = thing(d).properties.note), delete thing(d).properties.note),
  says: "GET /things/{id} renamed the property 'note' of the 200 response to 'remark'",
});
add('request-property-became-required', { change: (d) => input(d).required.push('note'), says: "PUT /things/{id} made the request property 'note' required" });
add('request-property-became-optional', { change: (d) => (input(d).required = []), says: "PUT /things/{id} made the request property 'name' optional" });
add('response-property-became-optional', {
  change: (d) => (thing(d).required = []),
  says: "GET /things/{id} made the property 'name' of the 200 response optional",
});
add('response-property-became-required', {
  change: (d) => thing(d).required.push('note'),
  says: "GET /things/{id} made the property 'note' of the 200 response required",
});
add('schema-keyword-changed-breaking', {
  change: (d) => (input(d).properties.note.const = 'a'),
  says: "PUT /things/{id} changed the const of the request property 'note' from 'none' to 'a'",
});
add('schema-keyword-changed', {
  change: (d) => (input(d).properties.note.multipleOf = 2),
  says: "PUT /things/{id} changed the multipleOf of the request property 'note' from 'none' to 2",
});

function run(example: Example) {
  const before = base();
  example.prepare?.(before);
  const after = structuredClone(before);
  example.change(after);
  return compareContracts(before, after);
}

describe('the rule table', () => {
  it('has one example per rule, and no example without a rule', () => {
    expect([...EXAMPLES.keys()].sort()).toEqual(RULES.map((rule) => rule.id).sort());
  });

  it('has each id once, in lower-case words joined by -', () => {
    const ids = RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it.each(RULES.map((rule) => [rule.id, rule.level, rule] as const))('%s (%s): one finding, in its words; the gate %s', (id, level) => {
    const example = EXAMPLES.get(id)!;
    const findings = run(example);
    expect(
      findings.map((f) => [f.rule, f.text]),
      JSON.stringify(findings, null, 1),
    ).toEqual([[id, example.says]]);
    expect(findings[0]!.level).toBe(level);
    const refused = problemsOf([{ area: 'fixture', released: '1.0.0', revision: '1.1.0', findings }]).length > 0;
    expect(refused, level === 'error' ? 'a breaking change the gate let through' : 'a compatible change the gate refused').toBe(level === 'error');
  });
});

describe('what is no change for a client', () => {
  it.each<[string, (d: Json) => void]>([
    ['no change', () => {}],
    ['a description', (d) => (get(d).description = 'Returns one thing.')],
    ['a summary and tags', (d) => ((put(d).summary = 'Replace'), (put(d).tags = ['Things']))],
    ['an x- field of an operation', (d) => (get(d)['x-mock-state'] = 'Reads the things.')],
    ['an x- field of a property', (d) => (input(d).properties.note['x-assumed'] = 'the live service')],
    ['an example', (d) => (ok(d).content['application/json'].examples = { one: { value: { name: 'a' } } })],
    [
      'a schema moved to another component name',
      (d) => ((d.components.schemas.Item = thing(d)), (ok(d).content['application/json'].schema.$ref = '#/components/schemas/Item')),
    ],
    ['the version number', (d) => (d.info.version = '2.0.0')],
    ['a bound an int32 format already sets', (d) => (input(d).properties.note = { type: 'integer', format: 'int32', maximum: 2147483647 })],
    [
      "a path's parameter declared again by an operation, with examples of its own and its schema as a component",
      (d) => {
        d.components.schemas.ThingId = { title: 'ThingId', description: 'ID of a thing.', type: 'string' };
        get(d).parameters.unshift({
          name: 'id',
          in: 'path',
          required: true,
          description: 'The thing.',
          schema: { $ref: '#/components/schemas/ThingId' },
          examples: { one: { value: 'a' } },
        });
      },
    ],
  ])('%s', (_name, change) => {
    const before = base();
    input(before).properties.note = { type: 'integer', format: 'int32' };
    const after = structuredClone(before);
    change(after);
    expect(compareContracts(before, after)).toEqual([]);
  });
});

describe('a parameter declared again by an operation', () => {
  it('is compared with the one it had: another schema is a change', () => {
    const before = base();
    const after = structuredClone(before);
    get(after).parameters.unshift({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } });
    expect(compareContracts(before, after).map((f) => f.rule)).not.toEqual([]);
  });

  // api-smart-diff lists an operation's parameters as its own, then all of its path's, and places
  // a change by the parameter's index in the before-list; the after-list may hold another there.
  it('names the parameter whose schema changed, not the one at its index in the after-contract', () => {
    const before = base();
    before.paths['/things/{id}'].parameters[0].schema.minLength = 1;
    const after = structuredClone(before);
    get(after).parameters.unshift({ name: 'id', in: 'path', required: true, schema: { type: 'string' }, examples: { one: { value: 'a' } } });
    delete after.paths['/things/{id}'].parameters[0].schema.minLength;
    const findings = compareContracts(before, after);
    // Two places: GET's own declaration, and the path's that PUT inherits.
    expect(findings.map((f) => f.text)).toEqual([
      "GET /things/{id} removed the minLength (1) of the path parameter 'id'",
      "PUT /things/{id} removed the minLength (1) of the path parameter 'id'",
    ]);
    expect(findings[0]!.bundlePath).toEqual(['paths', '/things/{id}', 'get', 'parameters', 0, 'schema']);
  });

  it('names the parameter whose schema changed when the operation no longer declares it again', () => {
    const before = base();
    get(before).parameters.unshift({ name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1 } });
    const after = structuredClone(before);
    get(after).parameters.shift();
    const findings = compareContracts(before, after);
    expect(findings.map((f) => f.text)).toEqual(["GET /things/{id} removed the minLength (1) of the path parameter 'id'"]);
  });

  it("names a renamed path parameter by its new name, and its path's copy is no new parameter", () => {
    const before = base();
    get(before).parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
    const after = structuredClone(before);
    const item = after.paths['/things/{id}'];
    delete after.paths['/things/{id}'];
    after.paths['/things/{thingId}'] = item;
    item.parameters[0].name = 'thingId';
    item.get.parameters = [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string', maxLength: 9 } }, ...item.get.parameters.slice(0, 1)];
    expect(compareContracts(before, after).map((f) => f.text)).toEqual([
      "GET /things/{thingId} set the maxLength of the path parameter 'thingId' to 9",
      "GET /things/{thingId}, PUT /things/{thingId} renamed the path /things/{id} to /things/{thingId} (only its parameters' names)",
    ]);
  });
});

describe('folding', () => {
  it('says a change to a schema that two operations share once, naming both', () => {
    const before = base();
    put(before).responses['200'] = {
      description: 'ok',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } }, 'text/json': { schema: { $ref: '#/components/schemas/Thing' } } },
    };
    delete put(before).responses['204'];
    const after = structuredClone(before);
    thing(after).required = [];
    expect(compareContracts(before, after).map((f) => f.text)).toEqual([
      "GET /things/{id}, PUT /things/{id} made the property 'name' of the 200 response optional",
    ]);
  });
});

describe('the direction of a change', () => {
  // Said again here, apart from the table: a request breaks when what it may send narrows, an
  // answer when what it may receive widens; setting a request bound where none was is a warning.
  const narrows = (upper: boolean, move: string) => move === 'set' || (upper ? move === 'decreased' : move === 'increased');
  it.each(
    Object.keys(SUBJECTS).flatMap((subject) =>
      Object.entries(BOUNDS).flatMap(([id, keyword]) =>
        ['set', 'unset', 'increased', 'decreased'].map(
          (move) => [`${subject}-${id}-${move}`, subject, keyword.startsWith('max') || keyword === 'exclusiveMaximum', move] as const,
        ),
      ),
    ),
  )('%s', (id, subject, upper, move) => {
    const [finding] = run(EXAMPLES.get(id)!);
    const expected = subject.startsWith('request')
      ? narrows(upper, move)
        ? move === 'set'
          ? 'warning'
          : 'error'
        : 'info'
      : narrows(upper, move)
        ? 'info'
        : 'error';
    expect(finding!.level).toBe(expected);
  });
});
