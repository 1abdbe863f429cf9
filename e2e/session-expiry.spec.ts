import { expect, test } from '@playwright/test';
import { apiLogin, bearer } from './support/api';
import { API, DEMO_MEMBER } from './support/env';
import { expectSignedOutStorage, storeSession } from './support/ui';

const landingHeading = { level: 1, name: 'Unlimited movies, TV shows and more' } as const;

test.describe('a 401 answer ends the session', () => {
  test('a bogus stored token sends the user to the landing page with the storage cleared', async ({
    page,
  }) => {
    await page.goto('/');
    await storeSession(page, 'not-a-real-token-'.padEnd(64, 'x'), {
      first_name: 'Ghost',
      last_name: 'User',
      email: 'ghost@example.test',
    });

    const denied = page.waitForResponse(
      (response) => response.url().includes(`${API}/user/watch-list`) && response.status() === 401,
    );
    await page.goto('/my-watch-list');
    await denied;
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', landingHeading)).toBeVisible();
    await expectSignedOutStorage(page);
  });

  test('a token revoked on the server signs the user out on the next member call', async ({
    page,
    request,
  }) => {
    const { token, user } = await apiLogin(request, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/');
    await storeSession(page, token, user);
    // The ad slot reads the member's plan, then the plans (is it ad-free?), once its code has
    // loaded: after the app has started, which waits for the first view, a quiet moment in which
    // the page can already count as network-idle.
    const adSlotReads = Promise.all(
      [`${API}/user/subscription-plan`, `${API}/user/plans`].map((path) =>
        page.waitForResponse((response) => new URL(response.url()).pathname === path),
      ),
    );
    await page.goto('/browse');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    await adSlotReads;
    // Browse's own member calls (rows, plan, ad slot) are over, so the click below makes the next one.
    await page.waitForLoadState('networkidle');

    const revoked = await request.get(`${API}/logout`, { headers: bearer(token) });
    expect(revoked.status()).toBe(200);

    // Opening the account menu reads the household's profiles: the next member call.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', landingHeading)).toBeVisible();
    await expectSignedOutStorage(page);
  });
});
