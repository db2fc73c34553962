// Data flows in one line: openapi/ -> @platform-contracts/contracts -> client and mock. The client and the
// mock both depend on contracts and never on each other; contracts depends on neither.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { sourceFiles, specifiersOf } from '../support/import-graph.ts';

const PACKAGES = path.join(ROOT, 'packages');

/** The package a specifier written in `file` points into (by name or by relative path), or undefined. */
function targetPackage(file: string, specifier: string): string | undefined {
  const named = /^@platform-contracts\/([^/]+)/.exec(specifier);
  if (named) return named[1];
  if (!specifier.startsWith('.')) return undefined;
  const relative = path.relative(PACKAGES, path.resolve(path.dirname(file), specifier));
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

/** `file: specifier` for every import in the package's code (src/ and bin/) that reaches a forbidden package. */
function forbiddenImports(pkg: string, forbidden: string[]): string[] {
  const dirs = ['src', 'bin'].map((dir) => path.join(PACKAGES, pkg, dir)).filter((dir) => existsSync(dir));
  return dirs.flatMap(sourceFiles).flatMap((file) =>
    specifiersOf(readFileSync(file, 'utf8'))
      .filter((specifier) => forbidden.includes(targetPackage(file, specifier) ?? ''))
      .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
  );
}

const dependenciesOf = (pkg: string) => {
  const manifest = JSON.parse(readFileSync(path.join(PACKAGES, pkg, 'package.json'), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies, ...manifest.devDependencies });
};

/** package -> the packages it must not reach (by name, by relative path, or as a dependency). */
const RULES: [pkg: string, forbidden: string[]][] = [
  ['mock', ['client']],
  ['client', ['mock']],
  ['contracts', ['client', 'mock', 'cli']],
];

describe('layout rules', () => {
  it.each(RULES)('%s imports nothing of %j', (pkg, forbidden) => {
    expect(forbiddenImports(pkg, forbidden)).toEqual([]);
  });

  it.each(RULES)('%s does not depend on %j', (pkg, forbidden) => {
    expect(dependenciesOf(pkg).filter((name) => forbidden.some((other) => name === `@platform-contracts/${other}`))).toEqual([]);
  });

  it.each(['client', 'mock'])('%s depends on @platform-contracts/contracts', (pkg) => {
    expect(dependenciesOf(pkg)).toContain('@platform-contracts/contracts');
  });
});

describe('the import finder', () => {
  const file = path.join(PACKAGES, 'mock/src/areas/database/tokens.ts');
  it.each([
    ["import type { Database } from '@platform-contracts/client';", 'client'],
    ["import { createVideoClient } from '@platform-contracts/client/video';", 'client'],
    ["export * from '@platform-contracts/client';", 'client'],
    ["export type { Video } from '../../../../client/src/index.ts';", 'client'],
    ["const client = await import('@platform-contracts/client');", 'client'],
    ["const client = require('../../../../client/dist/index.js');", 'client'],
    ["import '../../../../client/src/platform.js';", 'client'],
    ["import type * as Database from '@platform-contracts/contracts/database';", 'contracts'],
    ["import { readBundle } from '../../engine.ts';", 'mock'],
    ["import path from 'node:path';", undefined],
  ] as const)('%s -> %s', (source, expected) => {
    const targets = specifiersOf(source).map((specifier) => targetPackage(file, specifier));
    expect(targets).toEqual([expected]);
  });
});
