// The containers client against the mock: every answer is checked against the contract.

import { ClientConfigError, type Containers, createContainersClient } from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock.ts';
import { loadBundle, parameterExample, validateAnswer } from '../support/openapi.ts';

type TemplateRequest = Containers.components['schemas']['ContainerTemplateRequest'];
type ProblemDetails = Containers.components['schemas']['ContainerProblemDetails'];

const mock = useMock(['containers']);
const client = () => createContainersClient({ accessKey: 'test-key', baseUrl: mock.url, fetch: mock.fetch });
/** The application every access key starts with. */
const appId = parameterExample('containers', 'ContainersAppId') as string;
const operationId = 'addContainerTemplate';

const required: TemplateRequest = {
  name: 'web',
  imageName: 'nginx',
  imageNamespace: 'library',
  imageTag: '1.27',
  imageRegistryId: '1',
};
/** The contract's full-featured request example: every field, all three probe checks, a CDN endpoint. */
const full = (): TemplateRequest => structuredClone(loadBundle('containers').components.examples.ContainerTemplateRequestFull.value);
const digest = (length: number) => `sha256:${'0123456789abcdef'.repeat(5).slice(0, length)}`;

function addTemplate(body: unknown) {
  return client().POST('/mc/apps/{appId}/containers', { params: { path: { appId } }, body: body as TemplateRequest });
}

async function post(body: string, headers: Record<string, string>) {
  const response = await mock.fetch(`${mock.url}/mc/apps/${appId}/containers`, { method: 'POST', headers, body });
  return { status: response.status, body: await response.json() };
}

describe('addContainerTemplate with a valid request', () => {
  it('answers 200 with the container template model that reflects the full-featured request', async () => {
    const request = full();
    const { data, response } = await addTemplate(request);
    expect(response.status).toBe(200);
    expect(validateAnswer('containers', operationId, 200, data)).toEqual([]);
    const { endpoints, ...fields } = request;
    expect(data).toMatchObject(fields);
    expect(data?.id).toBeTruthy();
    expect(data?.packageId).toBeTruthy();

    expect(data?.endpoints).toHaveLength(endpoints!.length);
    data!.endpoints!.forEach((answered, i) => {
      const sent = endpoints![i]!;
      expect(answered).toMatchObject({
        displayName: sent.displayName,
        type: 'cdn',
        isSslEnabled: sent.cdn!.isSslEnabled,
        pullZoneId: String(sent.cdn!.pullZoneId),
        portMappings: sent.cdn!.portMappings,
      });
      expect(answered.id).toBeTruthy();
      expect(new URL(`https://${answered.publicHost}`).hostname).toBe(answered.publicHost);
    });
  });

  it('gives every template, package and endpoint fresh ids and every CDN endpoint its own public host', async () => {
    const request = full();
    const cdn = request.endpoints![0]!.cdn!;
    request.endpoints = [{ displayName: 'first', cdn }, { displayName: 'second', cdn }, { displayName: 'internal only' }];
    const [a, b] = await Promise.all([addTemplate(request), addTemplate(request)]);
    const ids = [a, b].flatMap(({ data }) => [data!.id, data!.packageId, ...data!.endpoints!.map((e) => e.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    const [first, second, internal] = a.data!.endpoints!;
    expect(first!.publicHost).toBeTruthy();
    expect(second!.publicHost).toBeTruthy();
    expect(first!.publicHost).not.toBe(second!.publicHost);
    expect(internal).not.toHaveProperty('publicHost');
    expect(validateAnswer('containers', operationId, 200, a.data)).toEqual([]);
  });

  const validEdges: [string, Partial<TemplateRequest>][] = [
    ['only the required fields', {}],
    ['a name of 1 character', { name: 'a' }],
    ['a name of 50 characters', { name: 'n'.repeat(50) }],
    ['a name with spaces and dots', { name: 'My web server v1.2.' }],
    ['an image name with a two-character separator', { imageName: 'my__image' }],
    ['a namespace with slashes', { imageNamespace: 'acme/team/backend' }],
    ['a tag with dots and hyphens', { imageTag: '1.0.0-rc.1' }],
    ['a digest of 64 characters', { imageDigest: digest(64) }],
    ['the pull policy always', { imagePullPolicy: 'always' }],
    ['an empty image registry id', { imageRegistryId: '' }],
  ];
  it.each(validEdges)('answers 200 for %s', async (_name, change) => {
    const request = { ...required, ...change };
    const { data, response } = await addTemplate(request);
    expect(response.status).toBe(200);
    expect(validateAnswer('containers', operationId, 200, data)).toEqual([]);
    expect(data?.name).toBe(request.name);
  });
});

describe('addContainerTemplate with an invalid request', () => {
  const longName = 'n'.repeat(51);
  const probe = (check: object) => ({ probes: { startup: { periodSeconds: 10, ...check } } });
  const tcp = { tcpSocket: { request: { portNumber: 8080 } } };
  const http = { httpGet: { request: { path: '/', portNumber: 8080 } } };
  const cdnEndpoint = (cdn: object) => ({ endpoints: [{ displayName: 'api', cdn: { isSslEnabled: true, pullZoneId: 1, ...cdn } }] });

  // [case, change to the valid request, the invalid fields as JSON pointers]
  const invalid: [string, Record<string, unknown>, string[]][] = [
    ['a name of 0 characters', { name: '' }, ['/name']],
    ['a name of 51 characters', { name: longName }, ['/name']],
    ['no name', { name: undefined }, ['/name']],
    ['a name that is not a string', { name: 7 }, ['/name']],
    ['no image name (required by the live service)', { imageName: undefined }, ['/imageName']],
    ['no image registry id (required by the live service)', { imageRegistryId: undefined }, ['/imageRegistryId']],
    ['an image name with a space', { imageName: 'my image' }, ['/imageName']],
    ['an image name with a trailing dot', { imageName: 'nginx.' }, ['/imageName']],
    ['an empty image name', { imageName: '' }, ['/imageName']],
    ['an image name with a three-character separator', { imageName: 'my___image' }, ['/imageName']],
    ['a namespace with a leading slash', { imageNamespace: '/library' }, ['/imageNamespace']],
    ['a namespace with a colon', { imageNamespace: 'acme:backend' }, ['/imageNamespace']],
    ['a tag with a slash', { imageTag: '1.0/beta' }, ['/imageTag']],
    ['a tag with a trailing hyphen', { imageTag: 'latest-' }, ['/imageTag']],
    ['a digest of 63 characters', { imageDigest: digest(63) }, ['/imageDigest']],
    ['a digest of 65 characters', { imageDigest: digest(65) }, ['/imageDigest']],
    ['a digest with capital letters', { imageDigest: digest(64).toUpperCase().replace('SHA256', 'sha256') }, ['/imageDigest']],
    ['a digest without its prefix', { imageDigest: digest(64).slice('sha256:'.length) }, ['/imageDigest']],
    ['an unknown pull policy', { imagePullPolicy: 'never' }, ['/imagePullPolicy']],
    ['a pull policy in the wrong case', { imagePullPolicy: 'Always' }, ['/imagePullPolicy']],
    ['a probe of an unknown type', probe({ exec: { command: ['true'] } }), ['/probes/startup', '/probes/startup/exec']],
    ['a probe with two checks', probe({ ...tcp, ...http }), ['/probes/startup']],
    ['a probe with timings but no check', probe({}), ['/probes/startup']],
    ['an unknown kind of probe', { probes: { warmup: { ...tcp } } }, ['/probes/warmup']],
    ['a probe timing that is not an integer', probe({ ...tcp, periodSeconds: '10' }), ['/probes/startup/periodSeconds']],
    ['a probe port that is not an integer', probe({ httpGet: { request: { portNumber: 80.5 } } }), ['/probes/startup/httpGet/request/portNumber']],
    ['an entry point command array of numbers', { entryPoint: { commandArray: [1, 2] } }, ['/entryPoint/commandArray/0', '/entryPoint/commandArray/1']],
    ['an environment variable value that is not a string', { environmentVariables: [{ name: 'PORT', value: 8080 }] }, ['/environmentVariables/0/value']],
    ['a pull zone id that is a string', cdnEndpoint({ pullZoneId: '4711' }), ['/endpoints/0/cdn/pullZoneId']],
    [
      'protocols that are not an array',
      cdnEndpoint({ portMappings: [{ containerPort: 80, exposedPort: 443, protocols: 'tcp' }] }),
      ['/endpoints/0/cdn/portMappings/0/protocols'],
    ],
    ['an endpoint in its response form', { endpoints: [{ displayName: 'api', publicHost: 'api.example' }] }, ['/endpoints/0/publicHost']],
    ['a volume mount with an unknown property', { volumeMounts: [{ name: 'cache', mountPath: '/cache', readOnly: true }] }, ['/volumeMounts/0/readOnly']],
    ['an unknown property', { colour: 'red' }, ['/colour']],
    ['a property name with a slash and a tilde', { 'a/b~c': 1 }, ['/a~1b~0c']],
    ['several invalid fields', { name: '', imageTag: 'latest-', imageDigest: digest(63) }, ['/name', '/imageTag', '/imageDigest']],
  ];

  it.each(invalid)('answers 400 naming each invalid field for %s', async (_name, change, fields) => {
    const { error, response } = await addTemplate({ ...required, ...change });
    expect(response.status).toBe(400);
    expect(validateAnswer('containers', operationId, 400, error)).toEqual([]);
    expectFieldErrors(error, fields);
  });

  const contentTypes = ['application/json', 'application/json; charset=utf-8', 'text/json', 'application/vnd.platform+json', 'application/problem+json'];
  it.each(contentTypes)('validates a body sent as %s', async (contentType) => {
    const headers = { 'content-type': contentType, AccessKey: 'k' };
    const valid = await post(JSON.stringify(required), headers);
    expect(valid.status).toBe(200);
    expect(validateAnswer('containers', operationId, 200, valid.body)).toEqual([]);
    expect(valid.body.name).toBe(required.name);

    const invalid = await post(JSON.stringify({ ...required, name: '' }), headers);
    expect(invalid.status).toBe(400);
    expect(validateAnswer('containers', operationId, 400, invalid.body)).toEqual([]);
    expectFieldErrors(invalid.body, ['/name']);
  });

  it.each([
    ['sent as text/plain', 'text/plain', JSON.stringify(required), /content types/i],
    ['that is not JSON', 'application/json', '{"name":', /not valid JSON/],
  ])('answers 400 about the whole body for a body %s', async (_name, contentType, body, message) => {
    const answer = await post(body, { 'content-type': contentType, AccessKey: 'k' });
    expect(answer.status).toBe(400);
    expect(validateAnswer('containers', operationId, 400, answer.body)).toEqual([]);
    expectFieldErrors(answer.body, ['']);
    expect(answer.body.errors[0].message).toMatch(message);
  });
});

function expectFieldErrors(problem: ProblemDetails | undefined, fields: string[]) {
  expect(problem).toMatchObject({ status: 400, instance: `/mc/apps/${appId}/containers` });
  expect(problem?.id).toBeTruthy();
  const errors = problem?.errors ?? [];
  expect(errors.map((e) => e.field).sort()).toEqual([...fields].sort());
  for (const { message } of errors) {
    expect(message).toBeTruthy();
    expect(message).not.toMatch(/^Request body/);
  }
}

describe('addContainerTemplate error answers', () => {
  it('answers 401 with the plain problem object when the AccessKey header is missing', async () => {
    const answer = await post(JSON.stringify(required), { 'content-type': 'application/json' });
    expect(answer.status).toBe(401);
    expect(validateAnswer('containers', operationId, 401, answer.body)).toEqual([]);
    expect(answer.body).toMatchObject({ status: 401 });
    expect(answer.body).not.toHaveProperty('errors');
  });

  it.each([403, 404, 500])('documents %i with a problem object (the mock answers it when asked with Prefer)', async (status) => {
    const answer = await post(JSON.stringify(required), { 'content-type': 'application/json', AccessKey: 'k', Prefer: `code=${status}` });
    expect(answer.status).toBe(status);
    expect(validateAnswer('containers', operationId, status, answer.body)).toEqual([]);
    expect(answer.body).toMatchObject({ status });
  });
});

describe('createContainersClient', () => {
  it('sends the AccessKey header', async () => {
    const seen: (string | null)[] = [];
    const api = createContainersClient({
      accessKey: 'secret-key',
      baseUrl: `${mock.url}/`,
      fetch: (input, init) => {
        const request = new Request(input, init);
        seen.push(request.headers.get('AccessKey'));
        return mock.fetch(request);
      },
    });
    const { response } = await api.POST('/mc/apps/{appId}/containers', { params: { path: { appId } }, body: required });
    expect(response.status).toBe(200);
    expect(seen).toEqual(['secret-key']);
  });

  it.each([
    [{ baseUrl: 'http://127.0.0.1:4010' }, /createContainersClient: option "accessKey" is missing/],
    [{ accessKey: '', baseUrl: 'http://127.0.0.1:4010' }, /option "accessKey" is missing/],
    [{ accessKey: 'k' }, /option "baseUrl" is missing/],
    [{ accessKey: 'k', baseUrl: '/relative' }, /absolute http\(s\) URL/],
  ])('refuses %j with a clear error', (options, message) => {
    expect(() => createContainersClient(options as never)).toThrow(ClientConfigError);
    expect(() => createContainersClient(options as never)).toThrow(message);
  });

  it('never puts the access key in a construction error', () => {
    expect(() => createContainersClient({ accessKey: 'super-secret', baseUrl: 'not a url' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('super-secret') }),
    );
  });
});
