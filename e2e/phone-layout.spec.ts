import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEMBER } from './support/env';
import { openSignIn, signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;
const PHONE = { width: 390, height: 844 } as const;

test.use({ viewport: PHONE, hasTouch: true });

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function settleSection(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

test('the console on a phone folds its navigation behind a Menu button and never scrolls sideways', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin');
  await settleSection(page);

  const nav = page.getByRole('navigation', { name: 'Console' });
  const toggle = nav.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Titles', exact: true })).toBeHidden();
  // The section's heading is not under the navigation: the bar sits above it.
  const heading = await page.getByRole('main').getByRole('heading', { level: 1 }).boundingBox();
  const bar = await nav.boundingBox();
  expect(heading!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);

  await test.step('the keyboard opens the menu and Escape closes it, back on the button', async () => {
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Titles', exact: true })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  await toggle.click();
  const sections = await nav.getByRole('listitem').getByRole('link').allTextContents();
  expect(sections.length).toBeGreaterThanOrEqual(13);
  await toggle.click();

  for (const section of sections) {
    await test.step(`${section} fits the screen`, async () => {
      await toggle.click();
      await nav.getByRole('link', { name: section, exact: true }).click();
      await expect(
        nav.getByRole('link', { name: section, exact: true, includeHidden: true }),
      ).toHaveAttribute('aria-current', 'page');
      // Following a link closes the menu.
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await settleSection(page);
      expect(await sidewaysOverflow(page), `${section} scrolls sideways`).toBeLessThanOrEqual(0);
    });
  }
});

test('the phone menu lays its links on a solid background, not over the page', async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' });
  await expect(link).toBeVisible();

  // The first painted background between the link and the header must hide what is below (polled:
  // the header's colour fades in).
  const backdrop = () =>
    link.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.backgroundImage !== 'none')
          return `${style.backgroundImage} ${style.backgroundColor}`;
        if (node.tagName === 'HEADER') break;
      }
      return 'nothing';
    });
  await expect.poll(backdrop).toMatch(/^none rgb\(/);
});

test('a wrong password on a phone is said once, beside the email field, with nothing over the form', async ({
  page,
}) => {
  await openSignIn(page);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveAccessibleDescription('These credentials do not match our records.');
  await expect(page.getByText('These credentials do not match our records.')).toHaveCount(1);
  await expect(page.locator('.app-toast')).toHaveCount(0);
});

test('the billing history on a phone shows every Receipt link whole, without sideways scrolling', async ({
  page,
}) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto('/billing');
  const receipts = page.getByRole('link', { name: /^Receipt for / });
  await expect(receipts.first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  for (const receipt of await receipts.all()) {
    const box = (await receipt.boundingBox())!;
    const visible = await receipt.evaluate((element) => {
      const own = element.getBoundingClientRect();
      for (let node = element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'visible') continue;
        const clip = node.getBoundingClientRect();
        if (own.left < clip.left || own.right > clip.right) return false;
      }
      return true;
    });
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(visible).toBe(true);
  }
});

test('a very long search keeps its results heading on a phone screen', async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto(`/search?q=${'x'.repeat(300)}`);
  const heading = page.getByRole('heading', { level: 1, name: /^Results for/ });
  await expect(heading).toBeVisible();
  const box = (await heading.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.height).toBeLessThan(PHONE.height / 3);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
