// The reference site audited for accessibility with axe-core (Deque's engine, the one Lighthouse
// runs), in a page the caller has already opened: the WCAG 2.0/2.1 A and AA rules, and the
// landmark rules (two banners, two mains). What counts is a violation axe rates serious or
// critical, and any duplicate landmark. Shared by the site's browser tests and
// `scripts/audit-a11y.ts`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Best-practice rules the site keeps too: a landmark is there once (one banner, one main).
 * `landmark-unique` is not among them: Scalar labels each operation's example answers by their
 * status tabs, and two operations with the same statuses give two regions of the same name.
 */
export const LANDMARK_RULES = ['landmark-no-duplicate-banner', 'landmark-no-duplicate-main', 'landmark-no-duplicate-contentinfo'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  /** How many elements break the rule. */
  count: number;
  /** The first few of them, as axe's selectors. */
  examples: string[];
}

let axeSource: string | undefined;
/** axe-core's browser build (the pinned devDependency). */
const axeScript = () => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

interface Axe {
  getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
  run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }>;
}

interface AxeResult {
  id: string;
  impact: string | null;
  tags: string[];
  nodes: { target: unknown[] }[];
}

/** The violations that count on the page as it is now (axe is put into the page on the first call). */
export async function audit(page: Page): Promise<Finding[]> {
  // The page's own repairs (site/app.js) run on the next frame after Scalar changes the page; what
  // fades in (a dialog, a menu) is audited as it ends, not half-way through.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  // One run over both sets of rules: building axe's tree of a page this size is much of its cost.
  const violations = (await page.evaluate(
    async ({ tags, rules }) => {
      const axe = (window as unknown as { axe: Axe }).axe;
      // As a run by tags would: without axe's experimental rules.
      const wcag = axe.getRules(tags).filter((rule) => !rule.tags.includes('experimental'));
      const ids = [...wcag.map((rule) => rule.ruleId), ...rules];
      return (await axe.run(document, { runOnly: { type: 'rule', values: ids }, resultTypes: ['violations'] })).violations;
    },
    { tags: WCAG_TAGS, rules: LANDMARK_RULES },
  )) as AxeResult[];
  return violations
    .filter((violation) => LANDMARK_RULES.includes(violation.id) || FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      count: violation.nodes.length,
      examples: violation.nodes.slice(0, 3).map((node) => node.target.map(String).join(' >>> ')),
    }));
}

/** One line per rule: `rule (impact) ×count: selector; selector`. */
export const describeFindings = (findings: Finding[]) =>
  findings.map(({ rule, impact, count, examples }) => `${rule} (${impact}) ×${count}: ${examples.join('; ')}`).join('\n');

/** Fails with the rules, counts and example selectors of what the view breaks. */
export async function expectAccessible(page: Page, view: string): Promise<void> {
  const findings = await audit(page);
  if (findings.length > 0) throw new Error(`${view}: axe-core finds WCAG 2.1 A/AA violations\n${describeFindings(findings)}`);
}
