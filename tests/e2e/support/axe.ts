// The accessibility audit every page passes (tests/e2e/accessibility.spec.ts):
// axe's WCAG 2.2 AA rules, its experimental ones included.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** axe leaves its experimental rules off; we want every WCAG 2.x one (label-content-name-mismatch among them). */
export const EXPERIMENTAL_WCAG_RULES = axe
  .getRules(WCAG_TAGS)
  .filter((rule) => rule.tags.includes('experimental'))
  .map((rule) => rule.ruleId);

/** Serious and critical WCAG 2.2 AA violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  // Sections far from the screen are not laid out (content-visibility: auto), and axe cannot read the colours of
  // text the browser has not laid out: it would leave that contrast undecided instead of checking it.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
  });
  // Third-party frames (video, map) cannot load here and are not ours to audit.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])) })
    .exclude('iframe')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
