// The npm scope is named in one place, the root package.json's `packageScope`: every workspace
// package is named under it and depends on its siblings under it, and every doc and source file
// that names one of our packages, or the tarball `pnpm pack` makes of it, uses it (and, in a
// tarball name or the client's User-Agent, the package's current version or a placeholder).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_SCOPE, ROOT, scopedName } from '../../scripts/lib/paths.ts';

type Json = Record<string, any>;
const PACKAGES = readdirSync(path.join(ROOT, 'packages'))
  .filter((name) => readdirSync(path.join(ROOT, 'packages', name)).includes('package.json'))
  .sort();
const manifest = (name: string): Json => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8'));
const versionOf = (name: string) => manifest(name).version as string;
/** Other publishers' packages with the same last name as ours, which the docs mention. */
const THIRD_PARTY_SCOPES = new Set(['libsql', 'redocly']);
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'bundles', 'released', 'generated']);

function textFiles(dir = ROOT, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.samples')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) textFiles(full, into);
    else if (/\.md$/.test(entry.name) || (/\.(ts|js|mjs|json)$/.test(entry.name) && /^(packages|scripts|site|bench|test)\//.test(path.relative(ROOT, full))))
      into.push(full);
  }
  return into;
}

/** What is wrong with how one text names our packages: a wrong scope, tarball name or version. */
function scopeFindings(text: string, { scope = PACKAGE_SCOPE, packages = PACKAGES, version = versionOf, namesOnly = false } = {}): string[] {
  const findings: string[] = [];
  for (const [name, owner] of Array.from(text.matchAll(new RegExp(`@([a-z0-9-]+)/(?:${packages.join('|')})\\b`, 'g')), (m) => [m[0], m[1]!] as const)) {
    if (`@${owner}` !== scope && !THIRD_PARTY_SCOPES.has(owner)) findings.push(`${name}: not in the scope ${scope}`);
  }
  if (namesOnly) return findings;
  for (const [tarball] of text.matchAll(/[\w{},.*<>-]+\.tgz\b/g)) {
    const match = new RegExp(`^${scope.slice(1)}-(\\{[a-z,-]+\\}|[a-z-]+|<name>|<package>)-(.+)\\.tgz$`).exec(tarball);
    const names = match?.[1]?.replace(/[{}]/g, '').split(',') ?? [];
    if (!match || names.some((name) => !packages.includes(name) && !/^<\w+>$/.test(name)))
      findings.push(`${tarball}: not a tarball of ${scope}/<package> (${scope.slice(1)}-<package>-<version>.tgz)`);
    else if (!['*', '<version>'].includes(match[2]!) && names.every((name) => packages.includes(name)) && names.some((name) => version(name) !== match[2]))
      findings.push(`${tarball}: not the current version (${names.map((n) => `${n} ${version(n)}`).join(', ')})`);
  }
  for (const [agent, agentVersion] of Array.from(text.matchAll(/platform-client-js\/([\w.<>${}]+)/g), (m) => [m[0], m[1]!] as const)) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a shell snippet writes, as text
    if (!['<version>', '${VERSION}'].includes(agentVersion) && agentVersion !== version('client'))
      findings.push(`${agent}: the client is ${version('client')}`);
  }
  return findings;
}

describe(`the scope ${PACKAGE_SCOPE}, named once in package.json`, () => {
  it('is a scope', () => expect(PACKAGE_SCOPE).toMatch(/^@[a-z0-9-]+$/));

  it.each(PACKAGES)('packages/%s is named under it, and names its siblings under it', (name) => {
    const json = manifest(name);
    expect(json.name).toBe(scopedName(name));
    for (const dependency of Object.keys({ ...json.dependencies, ...json.devDependencies, ...json.peerDependencies })) {
      if (PACKAGES.includes(dependency.split('/')[1]!) && !THIRD_PARTY_SCOPES.has(dependency.slice(1).split('/')[0]!))
        expect(dependency).toBe(scopedName(dependency.split('/')[1]!));
    }
  });

  it.each(PACKAGES)('packages/%s publishes its export map without the development condition', (name) => {
    const json = manifest(name);
    const strip = (value: unknown): unknown =>
      value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'development')
              .map(([key, inner]) => [key, strip(inner)]),
          )
        : value;
    if (JSON.stringify(json.exports ?? {}).includes('"development"')) expect(json.publishConfig?.exports).toEqual(strip(json.exports));
    expect(JSON.stringify(json.publishConfig?.exports ?? {})).not.toContain('development');
  });

  it('finds a wrong scope, a stale tarball name or version, and a stale User-Agent', () => {
    const version = (name: string) => ({ client: '2.0.0', contracts: '0.3.0' })[name] ?? '1.0.0';
    expect(scopeFindings('`@platform/client`, `@libsql/client`, `@acme/mock`', { scope: '@acme', packages: ['client', 'mock'], version })).toEqual([
      '@platform/client: not in the scope @acme',
    ]);
    expect(
      scopeFindings('dist/packages/platform-client-0.1.0.tgz acme-{contracts,client}-*.tgz acme-client-1.0.0.tgz platform-client-js/0.1.0', {
        scope: '@acme',
        packages: ['client', 'contracts'],
        version,
      }),
    ).toEqual([
      'platform-client-0.1.0.tgz: not a tarball of @acme/<package> (acme-<package>-<version>.tgz)',
      'acme-client-1.0.0.tgz: not the current version (client 2.0.0)',
      'platform-client-js/0.1.0: the client is 2.0.0',
    ]);
  });

  const files = textFiles().map((file) => path.relative(ROOT, file));
  const groups = [
    ['docs (every .md file): package names, tarballs and versions', files.filter((file) => file.endsWith('.md')), false],
    [
      'sources (packages, scripts, site, bench, test): package names',
      files.filter((file) => !file.endsWith('.md') && file !== 'test/layout/scope.test.ts'),
      true,
    ],
  ] as const;
  it('is checked in the docs and sources', () =>
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'packages/client/README.md', 'site/guides/1-quickstart.md', 'scripts/pack.ts', 'packages/client/package.json']),
    ));

  it.each(groups)('the %s use the scope', (_group, group, namesOnly) => {
    expect(group.flatMap((file) => scopeFindings(readFileSync(path.join(ROOT, file), 'utf8'), { namesOnly }).map((finding) => `${file}: ${finding}`))).toEqual(
      [],
    );
  });
});
