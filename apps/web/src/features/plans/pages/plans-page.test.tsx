import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, type Subscription } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { plans, subscription } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

function renderPlans(subscriptions: Subscription[]) {
  signIn();
  const api = mockApi({
    'GET /user/plans': ok(plans),
    'GET /user/subscription-plan': ok({ activeSubscriptions: subscriptions }),
  });
  return { api, ...renderApp('/plans') };
}

const banner = () => screen.getByRole('region', { name: /Standard|No Active Plan/ });
const planCard = (name: string) => screen.getByRole('article', { name });

describe('Plans page', () => {
  it('shows 10 placeholders while loading, then the plans with price, limits and Choose Plan', async () => {
    renderPlans([]);
    const loading = await screen.findByRole('status', { busy: true });
    expect(loading).toHaveTextContent('Loading plans');
    expect(loading.querySelectorAll('.shimmer-card')).toHaveLength(10);

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(3);

    const standard = planCard('Standard');
    expect(within(standard).getByText('₹399.00')).toBeInTheDocument();
    expect(within(standard).getByText('/ month')).toBeInTheDocument();
    const limits = within(standard).getByRole('list', { name: 'What Standard includes' });
    expect(
      within(limits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Included: Screens2', 'Included: DownloadsDevices: 2, Titles: 25']);
    expect(within(standard).getByRole('link', { name: 'Choose Plan Standard' })).toHaveAttribute(
      'href',
      '/get-payment-detail/2',
    );

    const basic = planCard('Basic');
    expect(within(basic).getByText(/Not included:/).parentElement).toHaveTextContent(
      'Not included: DownloadsNot included',
    );
    expect(within(planCard('Premium')).getByText('/ 12 months')).toBeInTheDocument();
    expect(within(planCard('Premium')).getByText('₹6,490.00')).toBeInTheDocument();
  });

  it("marks the member's plan as theirs and offers to extend it instead of buying it again", async () => {
    renderPlans([subscription({ plan_id: 2, name: 'Standard', can_extend: true })]);
    await screen.findAllByRole('article');
    const standard = planCard('Standard');
    expect(within(standard).getByText('Your plan')).toBeInTheDocument();
    expect(within(standard).queryByRole('link', { name: /Choose Plan/ })).not.toBeInTheDocument();
    expect(within(standard).getByRole('link', { name: 'Extend Standard by one month' })).toHaveAttribute(
      'href',
      '/get-payment-detail/2',
    );
    expect(within(planCard('Basic')).getByRole('link', { name: 'Choose Plan Basic' })).toBeInTheDocument();
  });

  it('offers nothing to buy on a plan that renews by itself', async () => {
    renderPlans([
      subscription({ plan_id: 2, end_date: '2026-12-25', can_extend: false, renews_automatically: true }),
    ]);
    await screen.findAllByRole('article');
    const standard = planCard('Standard');
    expect(within(standard).getByText('Renews automatically on 25 December 2026')).toBeInTheDocument();
    expect(within(standard).queryByRole('link')).not.toBeInTheDocument();
  });

  it('puts the 10% off badge on plan 2 only', async () => {
    renderPlans([]);
    await screen.findAllByRole('article');
    expect(within(planCard('Standard')).getByText('10% off')).toBeInTheDocument();
    expect(within(planCard('Basic')).queryByText('10% off')).not.toBeInTheDocument();
    expect(within(planCard('Premium')).queryByText('10% off')).not.toBeInTheDocument();
  });

  it('shows a running plan with its valid-until date and a Cancel button', async () => {
    renderPlans([subscription()]);
    const region = await screen.findByRole('region', { name: 'Standard' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Standard' })).toBeInTheDocument();
    expect(banner()).toHaveTextContent('Valid until 15 August 2025');
    expect(within(banner()).getByRole('button', { name: 'Cancel subscription' })).toHaveTextContent('Cancel');
  });

  it('shows a cancelled plan with the day it ends and no Cancel button', async () => {
    renderPlans([subscription({ status: 'cancelled' })]);
    await screen.findAllByRole('article');
    expect(banner()).toHaveTextContent('Cancelled: your plan ends on 15 August 2025.');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('says so when the member has no plan', async () => {
    renderPlans([]);
    await screen.findAllByRole('article');
    expect(within(banner()).getByRole('heading', { name: 'No Active Plan' })).toBeInTheDocument();
    expect(banner()).toHaveTextContent('You have no active subscription.');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('asks before cancelling; Escape keeps the plan and gives focus back', async () => {
    const { api } = renderPlans([subscription()]);
    const user = userEvent.setup();
    const cancel = await screen.findByRole('button', { name: 'Cancel subscription' });
    await user.click(cancel);

    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Your Standard plan is not renewed. You can keep watching until 15 August 2025.',
    );
    const keep = within(dialog).getByRole('button', { name: 'Keep my plan' });
    expect(keep).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Yes, cancel' })).toHaveFocus();
    await user.tab();
    expect(keep).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();
    expect(api.calls('POST /user/cancle-subscription')).toHaveLength(0);
  });

  it('cancels, then reloads plans and subscription to show the end date', async () => {
    const { api } = renderPlans([subscription()]);
    const user = userEvent.setup();
    let status: Subscription['status'] = 'active';
    api.set('GET /user/subscription-plan', () => ok({ activeSubscriptions: [subscription({ status })] }));
    api.set('POST /user/cancle-subscription', () => {
      status = 'cancelled';
      return ok(subscription({ status }));
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));

    await waitFor(() => expect(banner()).toHaveTextContent('Cancelled: your plan ends on 15 August 2025.'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(within(banner()).getByRole('heading', { name: 'Standard' })).toHaveFocus();
    const [call] = api.calls('POST /user/cancle-subscription');
    expect(call?.url.searchParams.get('id')).toBe('5');
    expect(api.calls('GET /user/subscription-plan')).toHaveLength(2);
    expect(api.calls('GET /user/plans')).toHaveLength(2);
  });

  it('alerts when the cancellation fails and keeps the plan running', async () => {
    const { api } = renderPlans([subscription()]);
    api.set('POST /user/cancle-subscription', fail(500, ''));
    const user = userEvent.setup();

    const cancel = await screen.findByRole('button', { name: 'Cancel subscription' });
    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.cancelSubscriptionFailed);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(banner()).toHaveTextContent('Valid until 15 August 2025');
    expect(cancel).toHaveFocus();
  });
});
