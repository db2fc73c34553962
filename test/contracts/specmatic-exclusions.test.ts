// The generative Specmatic tests left out of the verdict (scripts/lib/specmatic/exclusions.ts, one
// table), each proved to be Specmatic's fault: the request Specmatic sends for it, rebuilt as
// Specmatic builds it, is a request of another path of the contract, and the mock answers it as the
// contract says for that path. Generated from the table: a new entry gets the same proof.
import type { AreaName } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { SPECMATIC_EXCLUSIONS } from '../../scripts/lib/specmatic/exclusions.ts';
import { exclusionOf } from '../../scripts/lib/specmatic/run.ts';
import { useMock } from '../support/mock.ts';
import { loadBundle, type Operation, operationsOf, resolveRef, validateAnswer } from '../support/openapi.ts';

const used = useMock();

/** The operations of the area whose path template matches the URL path. */
const routed = (area: AreaName, urlPath: string): Operation[] =>
  operationsOf(area).filter((operation) => new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(urlPath));

/**
 * The URL Specmatic makes of an operation's path with these values (HttpPathPattern.joinToPath):
 * segments joined, a trailing '/' the template has not removed (normalizeSuffix), then every '//'
 * collapsed into one (normalizeSlash).
 */
const specmaticUrl = (template: string, values: Record<string, string>) => {
  const joined = template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '');
  return (template.endsWith('/') ? joined : joined.replace(/\/$/, '')).replace(/\/{2,}/g, '/');
};

describe.each(SPECMATIC_EXCLUSIONS.map((exclusion) => [`${exclusion.area} ${exclusion.operationId}: ${exclusion.variant}`, exclusion] as const))(
  '%s',
  (_, exclusion) => {
    const operation = operationsOf(exclusion.area).find((candidate) => candidate.operationId === exclusion.operationId);

    it('names an operation of the area and gives its sources', () => {
      expect(operation, `${exclusion.operationId} is no operation of ${exclusion.area}`).toBeDefined();
      expect(exclusion.sources.length).toBeGreaterThan(0);
      for (const source of exclusion.sources) expect(source).toMatch(/^https:\/\/github\.com\/specmatic\/specmatic\//);
    });

    it('is the request Specmatic builds for the variant: an empty path segment, collapsed', () => {
      const parameter = /^REQUEST\.PARAMETERS\.PATH\.(\w+) is set to a value with length lesser than minLength '(\d+)'$/.exec(exclusion.variant);
      expect(parameter, 'the table explains only the empty-segment variant; a new kind needs its own proof').not.toBeNull();
      const [, name, minLength] = parameter!;
      const declared = operation!.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
      expect(resolveRef(loadBundle(exclusion.area), declared?.schema).minLength).toBe(Number(minLength));
      // minLength - 1 characters: the empty string when minLength is 1
      const others = Object.fromEntries(operation!.parameters.filter((p) => p.in === 'path' && p.name !== name).map((p) => [p.name, String(p.example)]));
      expect(Number(minLength) - 1).toBe(0);
      expect({ method: operation!.method.toUpperCase(), path: specmaticUrl(operation!.path, { ...others, [name!]: '' }) }).toEqual({
        method: exclusion.sends.method,
        path: exclusion.sends.path,
      });
    });

    it("is not a request of the operation: its path is another operation's, or has no such method", () => {
      const operations = routed(exclusion.area, exclusion.sends.path);
      expect(operations.map((candidate) => candidate.operationId)).not.toContain(exclusion.operationId);
      const reached = operations.find((candidate) => candidate.method.toUpperCase() === exclusion.sends.method);
      expect(reached?.operationId).toBe(exclusion.reaches);
      if (exclusion.reaches === undefined) expect(operations.length, `${exclusion.sends.path} is a path of the contract`).toBeGreaterThan(0);
    });

    it('is answered by the mock as the contract says for that path', async () => {
      const answer = await used.fetch(`${used.url}${exclusion.sends.path}`, {
        method: exclusion.sends.method,
        headers: { AccessKey: `exclusion-${exclusion.operationId}`, ...(exclusion.sends.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: exclusion.sends.body === undefined ? undefined : JSON.stringify(exclusion.sends.body),
      });
      expect(answer.status).toBe(exclusion.status);
      if (exclusion.reaches !== undefined) expect(validateAnswer(exclusion.area, exclusion.reaches, answer.status, await answer.json())).toEqual([]);
      else {
        const methods = routed(exclusion.area, exclusion.sends.path).map((candidate) => candidate.method.toUpperCase());
        expect(answer.headers.get('allow')?.split(/,\s*/).sort()).toEqual(methods.sort());
      }
    });

    it("matches Specmatic's name for the test, and not its other variants", () => {
      const template = operation!.path.replace(/\{([^}]+)\}/g, (_, name: string) => `(${name}:${name[0]!.toUpperCase()}${name.slice(1)})`);
      const name = `Scenario: ${operation!.method.toUpperCase()} ${template} -> 4xx with the request from the example 'any' where ${exclusion.variant}`;
      expect(exclusionOf(name, exclusion.area)).toBe(exclusion);
      expect(exclusionOf(name.replace(/where .*/, 'where REQUEST.BODY has been omitted'), exclusion.area)).toBeUndefined();
      expect(exclusionOf(name, 'storage')).toBeUndefined();
    });
  },
);
