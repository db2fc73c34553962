// The accessibility audit's policy (scripts/lib/site/axe-audit.ts) against the pinned axe-core: the
// tags and the landmark rules it asks for exist, and a failure reads as rule, impact, count and
// example selectors. The audits themselves run in the browser tests.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { describeFindings, LANDMARK_RULES, WCAG_TAGS } from '../../scripts/lib/site/axe-audit.ts';

const axe = createRequire(import.meta.url)('axe-core') as { version: string; getRules: (tags?: string[]) => { ruleId: string; tags: string[] }[] };

describe('the audit of scripts/lib/site/axe-audit.ts', () => {
  it.each(WCAG_TAGS)('asks for the tag %s, which axe-core knows', (tag) => {
    expect(axe.getRules([tag]).length).toBeGreaterThan(0);
  });

  it('runs dozens of rules that are not experimental', () => {
    expect(axe.getRules(WCAG_TAGS).filter((rule) => !rule.tags.includes('experimental')).length).toBeGreaterThan(40);
  });

  it.each(LANDMARK_RULES)('asks for the landmark rule %s, which axe-core has', (rule) => {
    expect(axe.getRules().map(({ ruleId }) => ruleId)).toContain(rule);
  });

  it('runs the pinned axe-core 4.14', () => {
    expect(axe.version).toMatch(/^4\.14\./);
  });

  it('describes a failure by rule, impact, count and example selectors', () => {
    expect(
      describeFindings([
        { rule: 'color-contrast', impact: 'serious', count: 53, examples: ['pre > .hljs-title', 'pre > .hljs-number'] },
        { rule: 'button-name', impact: 'critical', count: 1, examples: ['button[aria-controls="x"]'] },
      ]),
    ).toBe('color-contrast (serious) ×53: pre > .hljs-title; pre > .hljs-number\nbutton-name (critical) ×1: button[aria-controls="x"]');
  });
});
