import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages, ServerMessages } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { movieDetail, subscription } from '../../../testing/fixtures';
import { returnTo } from '../../../lib/return-to';
import { renderApp, signIn } from '../../../testing/render';

const confirmed = ok({ subscription: subscription({ name: 'Standard', end_date: '2025-08-15' }) });

describe('Payment success page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('confirms the session, shows the activated plan and goes home', async () => {
    signIn();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = mockApi({
      'POST /user/payment-success': () => answered.then(() => confirmed),
      'GET /user/banners': ok([]),
      'GET /user/continue-watching': ok([]),
      'GET /user/popular-movie': ok([]),
    });
    const { router } = renderApp('/payment-success?session_id=cs_test_1');

    expect(await screen.findByRole('heading', { name: 'Processing your payment' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(
      screen.getByText('Your subscription is activated: Standard, valid until 15 August 2025.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /user/payment-success').map((call) => call.json())).toEqual([
      { session_id: 'cs_test_1', gateway: 'stripe' },
    ]);

    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
  });

  it('after paying, a title that asked for a plan is loaded again and plays', async () => {
    signIn();
    const api = mockApi({
      'GET /user/movie-details/:id': ok(movieDetail({ needs_plan: true })),
      'POST /user/payment-success': confirmed,
    });
    const { router } = renderApp('/movie-details/7');
    expect(await screen.findByRole('link', { name: Messages.choosePlanToWatch })).toBeInTheDocument();

    api.set(
      'GET /user/movie-details/:id',
      ok(movieDetail({ needs_plan: false, video_links: [{ type: 'url', url: '/media/s/1/sig/7.mp4' }] })),
    );
    await act(() => router.navigate('/payment-success?session_id=cs_test_1'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    await act(() => router.navigate('/movie-details/7'));

    expect(await screen.findByRole('button', { name: 'Watch Now' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: Messages.choosePlanToWatch })).not.toBeInTheDocument();
    expect(api.calls('GET /user/movie-details/:id')).toHaveLength(2);
  });

  it('says the payment could not be confirmed when the call fails', async () => {
    signIn();
    mockApi({ 'POST /user/payment-success': fail(404, ServerMessages.checkoutNotFound) });
    renderApp('/payment-success?session_id=cs_unknown');

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.paymentConfirmFailed);
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).not.toBeInTheDocument();
  });

  it('fails at once without a session id', async () => {
    signIn();
    const api = mockApi();
    renderApp('/payment-success');
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.paymentConfirmFailed);
    expect(api.requests).toHaveLength(0);
  });

  it('asks again while the payment is not recorded yet (402), then confirms', async () => {
    signIn();
    let calls = 0;
    mockApi({
      'POST /user/payment-success': () =>
        ++calls < 3 ? fail(402, ServerMessages.paymentNotCompleted) : confirmed,
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/payment-success?session_id=cs_test_1');

    expect(
      await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(calls).toBe(3);
  });

  it('gives up after a few 402s', async () => {
    signIn();
    const api = mockApi({ 'POST /user/payment-success': fail(402, ServerMessages.paymentNotCompleted) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/payment-success?session_id=cs_test_1');

    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      Messages.paymentConfirmFailed,
    );
    expect(api.calls('POST /user/payment-success')).toHaveLength(4);
  });

  it('brings the member back to the title that sent them to the plans', async () => {
    signIn();
    mockApi({
      'GET /user/movie-details/:id': ok(movieDetail({ name: 'The Long Night', needs_plan: true })),
      'GET /user/plans': ok([]),
      'GET /user/subscription-plan': ok({ activeSubscriptions: [] }),
      'POST /user/payment-success': confirmed,
    });
    const { router } = renderApp('/movie-details/7');
    await userEvent.click(await screen.findByRole('link', { name: Messages.choosePlanToWatch }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));

    await act(() => router.navigate('/payment-success?session_id=cs_test_1'));
    await userEvent.click(await screen.findByRole('link', { name: 'Back to The Long Night' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/movie-details/7'));
    expect(returnTo()).toBeNull();
  });

  it('without a session, offers the billing history and the support address the operator set', async () => {
    const meta = document.createElement('meta');
    meta.name = 'support-email';
    meta.content = 'help@reeltime.example';
    document.head.append(meta);
    try {
      signIn();
      mockApi({ 'GET /user/payments': ok([]) });
      const { router } = renderApp('/payment-success');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(Messages.paymentConfirmFailed);
      for (const place of [alert, screen.getByRole('contentinfo')])
        expect(within(place).getByRole('link', { name: 'help@reeltime.example' })).toHaveAttribute(
          'href',
          'mailto:help@reeltime.example',
        );
      await userEvent.click(within(alert).getByRole('link', { name: 'Billing history' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    } finally {
      meta.remove();
    }
  });

  it('shows no support link while the operator has set no address', async () => {
    signIn();
    mockApi();
    renderApp('/payment-success');
    await screen.findByRole('alert');
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Billing history' })).toHaveAttribute('href', '/billing');
  });
});
