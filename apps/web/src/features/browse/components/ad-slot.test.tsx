import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogRowEndpoints, type Plan, type Subscription } from '@reeltime/contract';
import { mockApi, ok } from '../../../testing/fetch-mock';
import { banner, plans, subscription } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const adFree = (free: boolean): Plan['plan_type'][number] => ({
  limitation_title: 'Ad-free',
  limitation_value: free,
  limit: free ? 'No ads' : 'Ads on the browse page',
});

/** Basic shows ads, Standard is ad-free. */
const plansWithAds: Plan[] = [
  { ...plans[0]!, plan_type: [...plans[0]!.plan_type, adFree(false)] },
  { ...plans[1]!, plan_type: [...plans[1]!.plan_type, adFree(true)] },
];

function setAdUrl(url: string) {
  const meta = document.createElement('meta');
  meta.name = 'ad-slot-url';
  meta.content = url;
  document.head.append(meta);
}

function browse(extra: Parameters<typeof mockApi>[0] = {}) {
  const rows = Object.fromEntries(
    Object.values(CatalogRowEndpoints).map((row) => [`GET ${row.path}`, ok([])]),
  );
  const api = mockApi({ ...rows, 'GET /user/banners': ok([banner()]), ...extra });
  renderApp('/browse');
  return api;
}

function member(subscriptions: Subscription[]) {
  signIn();
  return browse({
    'GET /user/continue-watching': ok([]),
    'GET /user/recommendations': ok([]),
    'GET /user/subscription-plan': ok({ activeSubscriptions: subscriptions }),
    'GET /user/plans': ok(plansWithAds),
  });
}

const heroTitle = () => screen.findByRole('heading', { level: 2, name: 'Night Harbour' });

describe('The ad slot on the browse banner', () => {
  beforeEach(() => vi.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => document.querySelectorAll('meta[name="ad-slot-url"]').forEach((meta) => meta.remove()));

  it('shows a visitor the house ad for the ad-free plans when no ad is configured', async () => {
    browse();
    const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
    expect(slot).toHaveTextContent('Advertisement');
    expect(within(slot).getByRole('link', { name: 'See ad-free plans' })).toHaveAttribute('href', '/plans');
    expect(slot.querySelector('iframe')).toBeNull();
    // It belongs to the banner and comes after the banner's text and Play Now.
    const hero = (await heroTitle()).closest('section')!;
    expect(hero).toContainElement(slot);
    const playNow = within(hero).getByRole('link', { name: 'Play Now' });
    expect(playNow.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('runs a configured ad in a sandboxed frame that cannot reach the site’s origin', async () => {
    setAdUrl('https://ads.example.com/slot?site=reeltime');
    browse();
    const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
    const frame = within(slot).getByTitle('Advertisement');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://ads.example.com/slot?site=reeltime');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(within(slot).queryByRole('link', { name: 'See ad-free plans' })).not.toBeInTheDocument();
  });

  it('ignores a configured address that is not a web address', async () => {
    setAdUrl('javascript:alert(1)');
    browse();
    const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
    expect(slot.querySelector('iframe')).toBeNull();
    expect(within(slot).getByRole('link', { name: 'See ad-free plans' })).toBeInTheDocument();
  });

  it('shows a member without a plan the ad', async () => {
    member([]);
    expect(await screen.findByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
  });

  it('shows a member whose plan has ads the ad', async () => {
    member([subscription({ plan_id: 1, name: 'Basic' })]);
    expect(await screen.findByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
  });

  it('hides the slot from a member with an ad-free plan', async () => {
    const api = member([subscription({ plan_id: 2, name: 'Standard' })]);
    await heroTitle();
    await vi.waitFor(() => expect(api.calls('GET /user/plans')).toHaveLength(1));
    // Let the plan answer reach the screen before looking.
    await screen.findByRole('region', { name: 'Top 10' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-ad-slot]')).toBeNull();
  });
});
