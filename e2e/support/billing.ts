import { expect, type APIRequestContext } from '@playwright/test';
import { bearer } from './api';
import { API } from './env';

/** The demo checkout's test cards. */
export const TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export interface Subscription {
  status: string;
  end_date: string;
}

/** Buys a plan through the API and the checkout's own form, as a member who paid earlier would have. */
export async function subscribeThroughApi(
  request: APIRequestContext,
  token: string,
  planId: number,
): Promise<Subscription> {
  const details = await request.post(`${API}/user/get-payment-details?plan_id=${planId}`, {
    headers: bearer(token),
  });
  expect(details.status(), await details.text()).toBe(200);
  const { total } = ((await details.json()) as { data: { total: number } }).data;
  const started = await request.post(`${API}/user/process-payment`, {
    headers: bearer(token),
    data: { plan_id: planId, payment_method: 'stripe', price: total },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { redirect_url: checkoutUrl, session_id: sessionId } = (
    (await started.json()) as { data: { redirect_url: string; session_id: string } }
  ).data;
  const paid = await request.post(new URL(checkoutUrl, 'http://placeholder').pathname, {
    form: { number: TEST_CARDS.success, expiry: '12/34', cvc: '123', name: 'Test Subscriber' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  const confirmed = await request.post(`${API}/user/payment-success`, {
    headers: bearer(token),
    data: { session_id: sessionId, gateway: 'stripe' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { data: { subscription: Subscription } }).data.subscription;
}
