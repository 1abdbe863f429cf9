import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';
import { createBillingRepository } from '../../modules/billing/billing.repository';
import type { PaymentGateway } from './gateway';

/** Built-in checkouts expire this long after they open. */
export const BUILTIN_CHECKOUT_TTL_MS = 30 * 60_000;

/**
 * The built-in test checkout (the default, offline): the session is the checkout_sessions row, and
 * the app's own card page at /checkout/<id> (modules/billing/builtin-checkout.routes.ts) pays it.
 */
export function createBuiltinGateway(db: Db, publicUrl: string): PaymentGateway {
  const billing = createBillingRepository(db);
  return {
    name: 'builtin',
    async createCheckout() {
      const sessionId = `cs_test_${randomBytes(24).toString('base64url')}`;
      return {
        sessionId,
        url: `${publicUrl}/checkout/${sessionId}`,
        expiresAt: Date.now() + BUILTIN_CHECKOUT_TTL_MS,
      };
    },
    async checkoutStatus(sessionId) {
      const row = await billing.checkout(sessionId);
      if (!row || row.status === 'expired') return { state: 'expired' };
      if (row.status === 'paid') return { state: 'paid' };
      return { state: row.expires_at <= Date.now() ? 'expired' : 'open' };
    },
    // Nothing renews by itself here: cancelling is the subscription row's status alone.
    async cancelAtPeriodEnd() {},
  };
}
