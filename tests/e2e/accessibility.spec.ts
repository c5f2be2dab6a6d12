import { expect, test, type Page } from '@playwright/test';
import { EXPERIMENTAL_WCAG_RULES, seriousViolations } from './support/axe.ts';
import { hydrated } from './support/hydration.ts';

test('the audit includes the experimental WCAG rules', () => {
  expect(EXPERIMENTAL_WCAG_RULES).toContain('label-content-name-mismatch');
});

// Every page of each template is audited in the visit that weighs it (weight.spec.ts), at 1280 px and 375 px;
// here the error pages, which have no template route, and the states a visitor opens.
test.describe('accessibility of the error pages', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const [path, widths] of [
    ['/no-such-page', [1280, 375]],
    ['/sw/no-such-page', [375]],
  ] as const) {
    test(`${path} has no serious or critical WCAG 2.2 AA violations at ${widths.map((width) => `${width} px`).join(' and ')}`, async ({
      page,
    }) => {
      for (const [index, width] of widths.entries()) {
        await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
        if (index === 0) await page.goto(path);
        expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      }
    });
  }
});

test.describe('accessibility of open states', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the mobile sidebar, open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'About' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the mobile sidebar, open, in Kiswahili', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/sw/');
    await page.getByRole('button', { name: 'Fungua menyu' }).click();
    await page.getByRole('dialog', { name: 'Menyu' }).getByRole('button', { name: 'Kuhusu Sisi' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the video modal, open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Watch Video/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the team modal, open', async ({ page }) => {
    await page.goto('/team');
    await page.locator('.team-card').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const width of [1280, 375]) {
    test(`the article search, showing results, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await page.goto('/insights');
      const box = page.getByRole('searchbox', { name: 'Search articles' });
      await box.scrollIntoViewIfNeeded();
      await box.fill('employment');
      await expect(page.getByRole('search').getByRole('link').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // `scope` holds the form's island: other forms on the page (the article alerts) hydrate only when neared.
  for (const [path, button, scope] of [
    ['/contact-us', 'Send Message', '.contact-form-card'],
    ['/practice-area/employment-law', 'Send Request', '.practice-body__form'],
    ['/careers/mno-pupillage-programme', 'Submit', '#apply'],
  ] as const) {
    test(`the form on ${path}, showing its errors`, async ({ page }) => {
      await page.goto(path);
      const submit = page.getByRole('button', { name: button, exact: true });
      await submit.scrollIntoViewIfNeeded();
      await hydrated(page, scope);
      await submit.click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const path of ['/practice-area/employment-law', '/sw/practice-area/employment-law']) {
    test(`the consultation form on ${path} showing a place's free times, at 375 px`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(path);
      const form = page.locator('.practice-body__form form');
      await form.scrollIntoViewIfNeeded();
      await hydrated(page, '.practice-body__form');
      await form.locator('[name="meeting_place"]').selectOption('video');
      await expect(form.locator('[name="slot"]')).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

/**
 * Presses `key` again and again and says where focus went each time: into the open
 * modal dialog, or out to the browser's own controls (document.body). A modal makes
 * the page behind it inert, so focus on any other element fails the test at once.
 */
async function tabStops(page: Page, key: 'Tab' | 'Shift+Tab', presses: number): Promise<Array<'dialog' | 'browser'>> {
  const stops: Array<'dialog' | 'browser'> = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press(key);
    const stop = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'browser';
      return focused.closest('dialog[open]') ? 'dialog' : `behind the dialog: ${focused.outerHTML.slice(0, 120)}`;
    });
    expect(['dialog', 'browser']).toContain(stop);
    stops.push(stop as 'dialog' | 'browser');
  }
  return stops;
}

test.describe('keyboard', () => {
  test('Tab reaches the skip link first, then the header, with a visible focus ring', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Tab');
    const logo = page.getByRole('banner').getByRole('link').first();
    await expect(logo).toBeFocused();
    expect(await logo.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');
  });

  test('the team modal keeps Tab off the page behind it and returns focus to the card that opened it', async ({
    page,
  }) => {
    await page.goto('/team');
    const card = page.locator('.team-card').nth(3);
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    expect(await tabStops(page, 'Tab', 4)).toContain('dialog');
    await page.keyboard.press('Escape');
    await expect(card).toBeFocused();
  });

  test('the video modal keeps Tab off the page behind it and returns focus to the Watch Video card', async ({
    page,
  }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: /Watch Video/ });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Close video' })).toBeFocused();
    expect(await tabStops(page, 'Shift+Tab', 3)).toContain('dialog');
    await page.keyboard.press('Escape');
    await expect(open).toBeFocused();
  });
});
