import type Stripe from 'stripe';
import { clientOf, type StripeSettings } from './stripe';

/** A plan as Stripe's product catalog shows it: one Product, and one live recurring Price. */
export interface CatalogProduct {
  planId: number;
  name: string;
  description: string | null;
  active: boolean;
}

export interface CatalogPrice {
  planId: number;
  productId: string;
  amountMinor: number;
  currency: string;
  interval: 'month' | 'year';
  intervalCount: number;
}

/** Stripe's product catalog, as the console keeps plans in step with it. */
export interface StripeCatalog {
  /** Creates the plan's product; the idempotency key makes a retried job find the same one. */
  createProduct(product: CatalogProduct, idempotencyKey: string): Promise<string>;
  updateProduct(productId: string, product: CatalogProduct): Promise<void>;
  /**
   * Creates a Price (Stripe's prices never change) and moves the plan's lookup key to it, so
   * `plan_<id>` always names the live one.
   */
  createPrice(price: CatalogPrice, idempotencyKey: string): Promise<string>;
  /** Archives a Price: existing subscriptions keep it, new ones cannot use it. */
  archivePrice(priceId: string): Promise<void>;
}

/** The lookup key of a plan's live Price. */
export const planLookupKey = (planId: number) => `plan_${planId}`;

export function createStripeCatalog(settings: StripeSettings): StripeCatalog {
  const stripe: Stripe = clientOf(settings);
  const metadata = (planId: number) => ({ plan_id: String(planId) });
  return {
    async createProduct(product, idempotencyKey) {
      const created = await stripe.products.create(
        {
          name: product.name,
          active: product.active,
          metadata: metadata(product.planId),
          ...(product.description ? { description: product.description } : {}),
        },
        { idempotencyKey },
      );
      return created.id;
    },

    async updateProduct(productId, product) {
      await stripe.products.update(productId, {
        name: product.name,
        active: product.active,
        // Stripe clears a description with an empty string.
        description: product.description ?? '',
      });
    },

    async createPrice(price, idempotencyKey) {
      const created = await stripe.prices.create(
        {
          product: price.productId,
          currency: price.currency.toLowerCase(),
          unit_amount: price.amountMinor,
          recurring: { interval: price.interval, interval_count: price.intervalCount },
          lookup_key: planLookupKey(price.planId),
          transfer_lookup_key: true,
          metadata: metadata(price.planId),
        },
        { idempotencyKey },
      );
      return created.id;
    },

    async archivePrice(priceId) {
      await stripe.prices.update(priceId, { active: false });
    },
  };
}
