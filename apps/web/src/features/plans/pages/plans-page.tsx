import '../plans.scss';
import { useQuery } from '@tanstack/react-query';
import { ShimmerGrid } from '../../../components/shimmer';
import { currentSubscription, plansQuery, subscriptionsQuery } from '../../../lib/plan-queries';
import { PlanCard } from '../components/plan-card';
import { SubscriptionBanner } from '../components/subscription-banner';

export function PlansPage() {
  const plans = useQuery(plansQuery());
  const subscriptions = useQuery(subscriptionsQuery());
  const current = currentSubscription(subscriptions.data ?? []);

  return (
    <section className="container-xxl page-section plans-page">
      <div className="page-header">
        <h1 className="page-title">Subscription Plans</h1>
      </div>
      {plans.isPending || subscriptions.isPending ? (
        <ShimmerGrid label="Loading plans" />
      ) : (
        <>
          <SubscriptionBanner subscription={current} />
          {plans.data && plans.data.length > 0 ? (
            <ul className="row g-4 list-unstyled plan-list" aria-label="Plans">
              {plans.data.map((plan) => (
                <li key={plan.plan_id} className="col-12 col-md-6 col-xl-4">
                  <PlanCard plan={plan} current={current} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-body-secondary">No plans are on offer right now.</p>
          )}
        </>
      )}
    </section>
  );
}
