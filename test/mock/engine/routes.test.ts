// Route precedence (packages/mock/src/engine/routes.ts): a path's literal segments win over templated
// ones, whatever order the contract lists them in, as OpenAPI's own rule says. The operations are
// a small synthetic contract, compiled as the mock compiles every bundle, with the templated paths
// listed first so that only the precedence rule can pick the literal ones.
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../packages/mock/src/engine/contract.ts';
import { createRoutes } from '../../../packages/mock/src/engine/routes.ts';

const get = (operationId: string) => ({ get: { operationId, responses: { '200': { description: 'OK' } } } });
const document = {
  openapi: '3.1.0',
  paths: {
    '/things/{thingId}': { ...get('getThing'), delete: { operationId: 'deleteThing', responses: { '204': { description: 'Gone' } } } },
    '/things/mine': get('getMyThings'),
    '/things/{thingId}/parts/{partId}': get('getPart'),
    '/things/{thingId}/parts/first': get('getFirstPart'),
    '/things/mine/parts/{partId}': get('getMyPart'),
    '/files/{name}.{extension}': get('getFile'),
    '/files/readme.txt': get('getReadme'),
  },
};
const routes = createRoutes(compileContract('video', document));
const operationOf = (method: string, path: string) => {
  const match = routes.match(method, path);
  return match.kind === 'operation' ? [match.operation.operationId, match.rawParams] : [match.kind];
};

describe('route precedence: literal segments before templated ones', () => {
  it.each([
    ['a literal segment over a template in its place', '/things/mine', ['getMyThings', {}]],
    ['the template for any other value', '/things/42', ['getThing', { thingId: '42' }]],
    ['more literal segments over fewer, deeper in the path', '/things/7/parts/first', ['getFirstPart', { thingId: '7' }]],
    ['the template when the literal segment differs', '/things/7/parts/9', ['getPart', { thingId: '7', partId: '9' }]],
    ['a literal first segment with a later template', '/things/mine/parts/3', ['getMyPart', { partId: '3' }]],
    ['a literal file name over a templated one', '/files/readme.txt', ['getReadme', {}]],
    ['a templated file name with its parts', '/files/report.pdf', ['getFile', { name: 'report', extension: 'pdf' }]],
    ['a percent-encoded literal segment as the literal', '/things/min%65', ['getMyThings', {}]],
    ['a literal file name written with an escape', '/files/readme%2Etxt', ['getReadme', {}]],
  ])('%s: %s', (_name, path, expected) => {
    expect(operationOf('GET', path)).toEqual(expected);
  });

  it('falls through to the templated path for a method only it has, and lists every fitting path’s methods otherwise', () => {
    expect(operationOf('DELETE', '/things/mine')).toEqual(['deleteThing', { thingId: 'mine' }]);
    expect(routes.match('POST', '/things/mine')).toEqual({ kind: 'no-method', allow: ['GET', 'DELETE'] });
  });

  it('answers no-path for a path no template fits', () => {
    expect(routes.match('GET', '/things')).toEqual({ kind: 'no-path' });
    expect(routes.match('GET', '/things/1/2/3/4')).toEqual({ kind: 'no-path' });
  });
});

describe('remembered matches', () => {
  it('gives a path asked again the same frozen match, and another method its own', () => {
    const first = routes.match('GET', '/things/42');
    expect(routes.match('GET', '/things/42')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(operationOf('DELETE', '/things/42')).toEqual(['deleteThing', { thingId: '42' }]);
  });

  it('stays right past the number of paths it remembers', () => {
    for (let i = 0; i < 600; i++) expect(operationOf('GET', `/things/${i}/parts/first`)).toEqual(['getFirstPart', { thingId: String(i) }]);
    expect(operationOf('GET', '/things/mine')).toEqual(['getMyThings', {}]);
  });

  it('answers each method and path as a fresh match does, whichever was asked before (every pair, in both orders)', () => {
    const asked: [string, string][] = [
      ['GET', '/things/42'],
      ['DELETE', '/things/42'],
      ['GET', '/things/mine'],
      ['POST', '/things/mine'],
      ['GET', '/things/43'],
      ['GET', '/things'],
      ['GET', '/files/readme.txt'],
    ];
    const shown = (match: ReturnType<typeof routes.match>) =>
      match.kind === 'operation' ? [match.operation.operationId, match.rawParams] : match.kind === 'no-method' ? ['no-method', match.allow] : [match.kind];
    const fresh = (method: string, path: string) => shown(createRoutes(compileContract('video', document)).match(method, path));
    const shared = createRoutes(compileContract('video', document));
    for (const [firstMethod, firstPath] of asked)
      for (const [method, path] of asked) {
        expect(shown(shared.match(firstMethod, firstPath))).toEqual(fresh(firstMethod, firstPath));
        expect(shown(shared.match(method, path)), `${method} ${path} after ${firstMethod} ${firstPath}`).toEqual(fresh(method, path));
      }
  });
});
