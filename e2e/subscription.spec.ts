import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, getData, registerAccount, type Account } from './support/api';
import { catalogFacts, DEMO_MEMBER } from './support/env';
import { subscribeThroughApi, TEST_CARDS } from './support/billing';
import { signIn } from './support/ui';
import { hasVideoInPreparation } from './support/videos';

interface Card {
  id: number;
  name: string;
}
interface Details {
  id: number;
  name: string;
  needs_plan: boolean;
  video_links: Array<{ url: string }>;
}
interface Plan {
  plan_id: number;
  name: string;
}

/** The plan with the 10% off badge. */
const DISCOUNTED_PLAN_ID = 2;

/**
 * A title that is not free and has a full video served by the site: the demo member (who has a
 * plan) gets its video links, a member without a plan gets `needs_plan`.
 */
async function paidTitleWithVideo(request: APIRequestContext, newMemberToken: string): Promise<Details> {
  const { token: demoToken } = await apiLogin(request, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const isPaidWithVideo = async (id: number) => {
    if (hasVideoInPreparation(id)) return null;
    const withPlan = await getData<Details>(request, `/user/movie-details/${id}`, demoToken);
    const playable =
      withPlan.video_links.length > 0 && withPlan.video_links.every((link) => link.url.startsWith('/media/'));
    if (!playable) return null;
    const withoutPlan = await getData<Details>(request, `/user/movie-details/${id}`, newMemberToken);
    return withoutPlan.needs_plan ? withoutPlan : null;
  };
  const preferred = await isPaidWithVideo(catalogFacts().playable.id);
  if (preferred) return preferred;
  for (const card of await getData<Card[]>(request, '/user/latest-movie?per_page=50')) {
    const found = await isPaidWithVideo(card.id);
    if (found) return found;
  }
  throw new Error('No title in the demo catalog that needs a plan and has a video of its own');
}

async function discountedPlan(request: APIRequestContext, token: string): Promise<Plan> {
  const plans = await getData<Plan[]>(request, '/user/plans', token);
  const plan = plans.find((item) => item.plan_id === DISCOUNTED_PLAN_ID);
  expect(plan, 'the demo catalog sells plan 2').toBeTruthy();
  return plan!;
}

/** From the payment details page: Proceed Payment, and the checkout that opens in a new tab. */
async function proceedToCheckout(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Proceed Payment' }).click();
  const checkout = await opened;
  await checkout.waitForLoadState();
  await expect(checkout).toHaveURL(/\/checkout\/[^/]+$/);
  return checkout;
}

async function payWithCard(checkout: Page, number: string): Promise<void> {
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry date').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('Name on card').fill('Test Subscriber');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
}

/** A date as the plans page writes it (`15 August 2025`). */
function asWritten(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

async function newMember(request: APIRequestContext, label: string): Promise<Account & { token: string }> {
  const account = await registerAccount(request, label);
  const { token } = await apiLogin(request, account.email, account.password);
  return { ...account, token };
}

test('a new member chooses a plan, pays on the checkout and then watches the title', async ({
  page,
  request,
}) => {
  test.slow();
  const member = await newMember(request, 'subscriber');
  const title = await paidTitleWithVideo(request, member.token);
  const plan = await discountedPlan(request, member.token);
  await signIn(page, member.email, member.password);

  await test.step('the title asks for a plan instead of playing', async () => {
    await page.goto(`/movie-details/${title.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title.name })).toBeVisible();
    await expect(page.getByText('Trailer', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Watch Now' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Choose a plan to watch' }).click();
    await expect(page).toHaveURL('/plans');
    await expect(page).toHaveTitle('Subscription Plans | Reeltime');
  });

  await test.step('plan 2 wears the 10% off badge and leads to its payment details', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'No Active Plan' })).toBeVisible();
    const card = page.getByRole('article', { name: plan.name });
    await expect(card.getByText('10% off')).toBeVisible();
    await card.getByRole('link', { name: /^Choose Plan/ }).click();
    await expect(page).toHaveURL(`/get-payment-detail/${DISCOUNTED_PLAN_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible();
    const breakdown = page.getByRole('table', { name: 'Price breakdown' });
    await expect(breakdown.getByRole('row', { name: /\(\d+(\.\d+)?%\)/ }).first()).toBeVisible();
    await expect(breakdown.getByRole('row', { name: /^Total/ })).toBeVisible();
  });

  await test.step('Proceed Payment opens the checkout; a good card pays', async () => {
    const checkout = await proceedToCheckout(page);
    await payWithCard(checkout, TEST_CARDS.success);
    await expect(checkout).toHaveURL(/\/payment-success\?session_id=/);
    await expect(checkout.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    await expect(checkout.getByText(`Your subscription is activated: ${plan.name}`)).toBeVisible();

    await test.step('the tab that opened the checkout follows it and leaves Proceed Payment', async () => {
      await page.bringToFront();
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Proceed Payment' })).toHaveCount(0);
      await page.getByRole('link', { name: `Back to ${title.name}` }).click();
      await expect(page).toHaveURL(`/movie-details/${title.id}`);
    });

    await test.step('the plan is marked as theirs and is offered as an extension, never bought again', async () => {
      await page.goto('/plans');
      const card = page.getByRole('article', { name: plan.name });
      await expect(card.getByText('Your plan')).toBeVisible();
      await expect(card.getByRole('link', { name: /^Choose Plan/ })).toHaveCount(0);
      await card.getByRole('link', { name: /^Extend/ }).click();
      await expect(page.getByText(/^Extends .+ by one period: it will run until /)).toBeVisible();
      await expect(page.getByRole('row', { name: /unused days/ })).toHaveCount(0);
    });

    await test.step('back on the title, the full video plays', async () => {
      const fullVideo = checkout.waitForRequest((request) =>
        new URL(request.url()).pathname.startsWith('/media/s/'),
      );
      await checkout.goto(`/movie-details/${title.id}`);
      await expect(checkout.getByLabel(`${title.name} video player`)).toBeVisible();
      await fullVideo;
      await expect(checkout.getByRole('link', { name: 'Choose a plan to watch' })).toHaveCount(0);
      await expect(checkout.getByText('Trailer', { exact: true })).toHaveCount(0);
    });
  });
});

test('a declined card says so on the checkout and buys nothing', async ({ page, request }) => {
  const member = await newMember(request, 'declined');
  await signIn(page, member.email, member.password);

  await page.goto(`/get-payment-detail/${DISCOUNTED_PLAN_ID}`);
  await expect(page.getByRole('table', { name: 'Price breakdown' })).toBeVisible();
  const checkout = await proceedToCheckout(page);
  await payWithCard(checkout, TEST_CARDS.declined);
  await expect(checkout.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(checkout).toHaveURL(/\/checkout\//);

  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 2, name: 'No Active Plan' })).toBeVisible();
  await expect(page.getByText('You have no active subscription.')).toBeVisible();
});

test('cancelling from the plans banner keeps the plan until its end date', async ({ page, request }) => {
  const member = await newMember(request, 'canceller');
  const subscription = await subscribeThroughApi(request, member.token, DISCOUNTED_PLAN_ID);
  const plan = await discountedPlan(request, member.token);
  const endsOn = asWritten(subscription.end_date);
  await signIn(page, member.email, member.password);

  await page.goto('/plans');
  const banner = page.getByRole('region', { name: plan.name });
  await expect(banner).toContainText(`Valid until ${endsOn}`);
  await banner.getByRole('button', { name: 'Cancel subscription' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep my plan' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(banner).toContainText(`Cancelled: your plan ends on ${endsOn}.`);
  await expect(banner.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: plan.name })).toContainText(`ends on ${endsOn}`);
});
