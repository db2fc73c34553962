// The site's theme reaches WCAG AA contrast (4.5:1) for every text colour on every background, in
// light and dark mode: Scalar's theme as its bundle defines it, with the site's colours
// (site/site.css) over it. Fails when a colour of site.css is put back to Scalar's (or removed),
// without a browser; the browser tests run axe-core over the rendered pages besides.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_DIR } from '../../scripts/lib/site/guides.ts';
import { SCALAR_SCRIPT } from '../../scripts/lib/site/scalar-adapter.ts';

const SCHEMES = ['light', 'dark'] as const;
const TEXT = [
  'color-1',
  'color-2',
  'color-3',
  'color-accent',
  'color-green',
  'color-red',
  'color-yellow',
  'color-blue',
  'color-orange',
  'color-purple',
  'color-query',
];
const BACKGROUNDS = ['background-1', 'background-2', 'background-3'];

/** The `--scalar-*` and `--platform-*` colours one rule sets, by name without the dashes and prefix. */
function variables(css: string, selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found: Record<string, string> = {};
  for (const [, body] of css.matchAll(new RegExp(`(?:^|[}\\s])${escaped}\\s*\\{([^}]*)\\}`, 'gm')))
    for (const [, name, value] of body!.matchAll(/--(?:scalar|platform)-([\w-]+)\s*:\s*(#[0-9a-f]{3,8})\b/gi)) found[name!] = value!.toLowerCase();
  return found;
}

const hex = (color: string) => {
  const digits = color.slice(1);
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16) / 255);
};
const luminance = (color: string) => {
  const [r, g, b] = hex(color).map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

const scalar = readFileSync(SCALAR_SCRIPT, 'utf8');
const site = readFileSync(path.join(SITE_DIR, 'site.css'), 'utf8');

/** The theme a reader sees in a scheme: Scalar's colours, then the site's over them. */
const theme = (scheme: (typeof SCHEMES)[number]) => ({
  ...variables(scalar, `.${scheme}-mode`),
  ...variables(site, ':root'),
  ...variables(site, `.${scheme}-mode`),
  ...variables(site, `.${scheme}-mode.${scheme}-mode`),
});

describe.each(SCHEMES)('the %s theme', (scheme) => {
  const colours = theme(scheme);

  it("reads Scalar's theme and the site's (else the test could not tell)", () => {
    for (const name of [...TEXT, ...BACKGROUNDS, 'assumed', 'assumed-background']) expect(colours[name], name).toMatch(/^#/);
  });

  it.each(TEXT.flatMap((text) => BACKGROUNDS.map((background) => [text, background] as const)))('%s on %s reaches 4.5:1', (text, background) => {
    expect(contrast(colours[text]!, colours[background]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['assumed-background', 'background-1', 'background-2'])('the Assumed badge on %s reaches 4.5:1', (background) => {
    expect(contrast(colours.assumed!, colours[background]!)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the contrast measure', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#757575', '#f6f6f6', 4.26], // Scalar's second grey on its second background: short of 4.5
    ['#fff', '#fff', 1],
  ])('%s on %s is %d:1', (a, b, ratio) => {
    expect(contrast(a, b)).toBeCloseTo(ratio, 2);
  });

  it("finds Scalar's own light colours short of 4.5:1, which the site's replace", () => {
    const own = variables(scalar, '.light-mode');
    expect(contrast(own['color-2']!, own['background-2']!)).toBeLessThan(4.5);
    expect(contrast(own['color-orange']!, own['background-1']!)).toBeLessThan(4.5);
  });
});
