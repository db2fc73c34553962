// `pnpm lint` shows every finding at the source file and line a person edits, Spectral's too
// (which it makes against the bundle), and says nothing cheerful.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { SourceLocator } from '../../scripts/lib/source-location.ts';
import { findingLines, parseRedoclyReports, spectralToSource } from '../../scripts/lint.ts';

/** 1-based line of the first line of `file` that matches, found by reading the file here. */
function lineOf(file: string, pattern: RegExp): number {
  const index = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => pattern.test(line));
  if (index < 0) throw new Error(`${pattern} not in ${file}`);
  return index + 1;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'lint-locations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A small area: root -> path file -> schema file (hoisted into components by the bundler) -> shared schema. */
function fixtureArea(): string {
  const dir = path.join(scratch, 'area');
  mkdirSync(path.join(dir, 'paths'), { recursive: true });
  mkdirSync(path.join(dir, 'components', 'schemas'), { recursive: true });
  writeFileSync(
    path.join(dir, 'openapi.yaml'),
    [
      'openapi: 3.1.0',
      'info:',
      '  title: T',
      '  version: 1.0.0',
      'paths:',
      '  /things:',
      '    $ref: paths/things.yaml',
      'components:',
      '  schemas:',
      '    Inline:',
      '      type: object',
      '      properties:',
      '        bad_name:',
      '          type: string',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'paths', 'things.yaml'),
    [
      'get:',
      '  operationId: listThings',
      '  parameters:',
      '    - name: page',
      '      in: query',
      '  responses:',
      "    '200':",
      '      description: ok',
      '      content:',
      '        application/json:',
      '          schema:',
      '            $ref: ../components/schemas/Thing.yaml',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'components', 'schemas', 'Thing.yaml'),
    ['type: object', 'properties:', '  Name:', '    type: string', '  other_name:', '    type: string', ''].join('\n'),
  );
  return dir;
}

describe('SourceLocator', () => {
  const dir = fixtureArea();
  const locator = new SourceLocator(path.join(dir, 'openapi.yaml'));
  const cases: [string, (string | number)[], string, number, number][] = [
    ['a key in the root', ['components', 'schemas', 'Inline', 'properties', 'bad_name'], 'openapi.yaml', 13, 9],
    ['a key through a path $ref', ['paths', '/things', 'get', 'operationId'], 'paths/things.yaml', 2, 3],
    ['an array item', ['paths', '/things', 'get', 'parameters', 0, 'in'], 'paths/things.yaml', 5, 7],
    ['a schema the bundler hoisted into components', ['components', 'schemas', 'Thing', 'properties', 'other_name'], 'components/schemas/Thing.yaml', 5, 3],
    [
      'a schema inlined where it is used',
      ['paths', '/things', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'other_name'],
      'components/schemas/Thing.yaml',
      5,
      3,
    ],
    ['the deepest known place of a path that goes further than the sources', ['paths', '/things', 'get', 'nosuch'], 'paths/things.yaml', 1, 1],
  ];
  it.each(cases)('finds %s', (_name, bundlePath, file, line, col) => {
    expect(locator.locate(bundlePath)).toEqual({ file: path.join(dir, file), line, col });
  });

  it("finds a real area's schema property at its line", () => {
    const file = path.join(OPENAPI_DIR, 'storage', 'components', 'schemas', 'StorageZone.yaml');
    const located = new SourceLocator(path.join(OPENAPI_DIR, 'storage', 'openapi.yaml')).locate([
      'components',
      'schemas',
      'StorageZone',
      'properties',
      'UserId',
    ]);
    expect(located).toMatchObject({ file, line: lineOf(file, /^ {2}UserId:/) });
  });
});

describe('lint findings', () => {
  it('moves a Spectral finding on the bundle to the source file and line', () => {
    const dir = fixtureArea();
    const bundle = path.join(scratch, 'area.yaml');
    const [finding] = spectralToSource(
      [
        {
          code: 'property-casing',
          path: ['components', 'schemas', 'Thing', 'properties', 'other_name'],
          message: 'not PascalCase',
          severity: 0,
          source: bundle,
          range: { start: { line: 1065, character: 15 } },
        },
      ],
      (file) => (file === bundle ? path.relative(OPENAPI_DIR, dir) : undefined),
    );
    expect(finding).toEqual({
      file: path.join(dir, 'components/schemas/Thing.yaml'),
      line: 5,
      col: 3,
      severity: 'error',
      rule: 'property-casing',
      message: 'not PascalCase',
    });
  });

  it('says a finding at one source line once, however many places of the bundle use that source', () => {
    const dir = fixtureArea();
    const bundle = path.join(scratch, 'area.yaml');
    const inlined = ['paths', '/things', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'other_name'];
    const hoisted = ['components', 'schemas', 'Thing', 'properties', 'other_name'];
    const result = (at: (string | number)[]) => ({
      code: 'property-casing',
      path: at,
      message: 'not PascalCase',
      severity: 1,
      source: bundle,
      range: { start: { line: 1, character: 0 } },
    });
    const findings = spectralToSource([result(inlined), result(hoisted), result(inlined), result(['paths', '/things', 'get', 'operationId'])], (file) =>
      file === bundle ? path.relative(OPENAPI_DIR, dir) : undefined,
    );
    const thing = path.relative(ROOT, path.join(dir, 'components/schemas/Thing.yaml'));
    const things = path.relative(ROOT, path.join(dir, 'paths/things.yaml'));
    expect(findingLines(findings)).toEqual([
      `${thing}:5:3  warning  property-casing  not PascalCase (reported 3 times: once per place that uses it)`,
      `${things}:2:3  warning  property-casing  not PascalCase`,
    ]);
  });

  it('reads the back-to-back JSON reports Redocly prints for several areas', () => {
    const report = (rule: string) =>
      JSON.stringify({ totals: { errors: 1 }, problems: [{ ruleId: rule, severity: 'error', message: 'm', location: [] }] }, null, 2);
    expect(parseRedoclyReports(`${report('a')}${report('b')}`).map((r) => r.problems[0]!.ruleId)).toEqual(['a', 'b']);
  });

  it("a clean run says so plainly, without Redocly's banner or cheer", () => {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/lint.ts', 'dns'], { cwd: ROOT, encoding: 'utf8' });
    const output = result.stdout + result.stderr;
    expect(result.status, output).toBe(0);
    expect(output).toContain('lint: no errors, no warnings in 1 area');
    expect(output).not.toMatch(/Woohoo|🎉|╔|Node\.js 20 support/);
    expect(output).not.toMatch(/1 areas/);
  }, 120_000);

  // An unknown area (exit 2, the areas listed): scripts.test.ts runs that command, for lint, bundle and check:breaking.
});
