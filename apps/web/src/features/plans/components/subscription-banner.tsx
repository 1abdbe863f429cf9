import { useId, useRef } from 'react';
import type { Subscription } from '@reeltime/contract';
import { formatDate } from '../../../lib/format';
import { CancelSubscription } from './cancel-subscription';

/** The member's plan: running (valid until, Cancel), cancelled (ends on), or none. */
export function SubscriptionBanner({ subscription }: { subscription: Subscription | null }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section className="subscription-banner" aria-labelledby={headingId}>
      <div className="subscription-banner__text">
        <p className="subscription-banner__eyebrow">{subscription ? 'Your plan' : 'Your subscription'}</p>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="subscription-banner__title">
          {subscription ? subscription.name : 'No Active Plan'}
        </h2>
        <p className="subscription-banner__status">
          {!subscription && 'You have no active subscription.'}
          {subscription?.status === 'active' && `Valid until ${formatDate(subscription.end_date)}`}
          {subscription?.status === 'cancelled' &&
            `Cancelled: your plan ends on ${formatDate(subscription.end_date)}.`}
        </p>
      </div>
      {subscription?.status === 'active' && (
        <CancelSubscription subscription={subscription} onCancelled={() => headingRef.current?.focus()} />
      )}
    </section>
  );
}
