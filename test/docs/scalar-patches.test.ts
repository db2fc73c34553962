// Scalar's markup made accessible by the site's build (ACCESSIBILITY_PATCHES in
// scripts/lib/site/scalar-adapter.ts), one case per patch of the table: the installed Scalar bundle has
// the code each patch changes exactly once (a Scalar update that moves or drops it fails here and
// fails the build), the built site ships the patched code, and a bundle without it fails the
// build with the patch's name. The browser tests run axe-core over what the patches render.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR } from '../../scripts/lib/paths.ts';
import { ACCESSIBILITY_PATCHES, SCALAR_SCRIPT, TOASTS_HELPER, withAccessibilityPatches } from '../../scripts/lib/site/scalar-adapter.ts';

const scalar = readFileSync(SCALAR_SCRIPT, 'utf8');
const built = readFileSync(path.join(DOCS_DIR, 'assets', 'scalar.js'), 'utf8');
const matches = (script: string, find: RegExp) => [...script.matchAll(find)];

describe.each(ACCESSIBILITY_PATCHES.map((patch) => [patch.name, patch] as const))('the "%s" patch', (_name, patch) => {
  it('finds its code in the installed Scalar bundle exactly once', () => {
    expect(matches(scalar, patch.find)).toHaveLength(1);
  });

  it('is in the built site, once', () => {
    const [original] = matches(scalar, patch.find)[0]!;
    const patched = original.replace(new RegExp(patch.find.source), patch.replace);
    expect(patched).not.toBe(original);
    expect(built.split(patched).length - 1, patched.slice(-200)).toBe(1);
  });

  it('fails the build, by its name, on a bundle without its code', () => {
    const [original] = matches(scalar, patch.find)[0]!;
    expect(() => withAccessibilityPatches(scalar.replace(original, ''))).toThrow(`expected one place for the "${patch.name}" patch`);
  });
});

describe('the toasters’ names', () => {
  it('are Notifications, then Notifications 2: the reference’s and Test Request’s differ', () => {
    const context: { PLATFORM_TOASTS_LABEL?: () => string } = {};
    runInNewContext(TOASTS_HELPER.replace(/^var /, 'this.'), context);
    expect([context.PLATFORM_TOASTS_LABEL!(), context.PLATFORM_TOASTS_LABEL!()]).toEqual(['Notifications', 'Notifications 2']);
  });

  it('are defined in the built site', () => {
    expect(built.split('\n').slice(0, 2)).toContain(TOASTS_HELPER);
  });
});
