// The accessibility audit every page passes (tests/e2e/accessibility.spec.ts):
// every rule axe runs by default (WCAG 2.x A and AA, and its best practices),
// and its experimental WCAG rules besides. Run in the page itself: the frames
// (video, map) are third-party and excluded, and @axe-core/playwright's
// cross-frame path opens a blank page per audit to merge results: 2–3× the time.
import type { Page } from '@playwright/test';
import axe from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** axe leaves its experimental rules off; we want every WCAG 2.x one (label-content-name-mismatch among them). */
export const EXPERIMENTAL_WCAG_RULES = axe
  .getRules(WCAG_TAGS)
  .filter((rule) => rule.tags.includes('experimental'))
  .map((rule) => rule.ruleId);

/** Serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  // Sections far from the screen are not laid out (content-visibility: auto), and axe cannot read the colours of
  // text the browser has not laid out: it would leave that contrast undecided instead of checking it.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
  });
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not apply to it; once a page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async (rules) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      // Only violations are read: axe then skips the node details of passes and incomplete results (a fifth to a
      // third of each audit's time, measured on five templates).
      const results = await inPage.run(
        { exclude: [['iframe']] },
        { iframes: false, rules, resultTypes: ['violations'] },
      );
      return results.violations;
    },
    Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
