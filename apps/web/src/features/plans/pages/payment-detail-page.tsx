import '../plans.scss';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Messages, type PaymentDetails } from '@reeltime/contract';
import { PaymentBreakdown } from '../../../components/payment-breakdown';
import { ShimmerGrid } from '../../../components/shimmer';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentSubscription, plansQuery, subscriptionsQuery } from '../../../lib/plan-queries';
import { paymentDetailsQuery } from '../api/plans-api';
import { ProceedPayment } from '../components/proceed-payment';
import { paths } from '../../../lib/paths';

export function PaymentDetailPage() {
  const planId = Number(useParams().plan_id);
  const details = useQuery(paymentDetailsQuery(planId));
  const plans = useQuery(plansQuery());
  const subscriptions = useQuery(subscriptionsQuery());
  const planName = plans.data?.find((plan) => plan.plan_id === planId)?.name;
  const currentName = currentSubscription(subscriptions.data ?? [])?.name;

  return (
    <section className="container-xxl page-section payment-page">
      <div className="page-header">
        <h1 className="page-title">Payment Details</h1>
      </div>
      {details.isPending && details.fetchStatus !== 'idle' ? (
        <ShimmerGrid label="Loading payment details" />
      ) : details.data ? (
        <div className="payment-card">
          {planName && <p className="payment-card__plan">{planName} plan</p>}
          <p className="payment-card__change">{changeText(details.data, planName, currentName)}</p>
          <PaymentBreakdown details={details.data} />
          <ProceedPayment details={details.data} onPriceChanged={() => details.refetch()} />
        </div>
      ) : (
        <div className="payment-card">
          <p className="payment-card__empty" role={details.error instanceof ApiError ? 'alert' : undefined}>
            {details.error instanceof ApiError && details.error.status === 409
              ? errorMessage(details.error, Messages.noPaymentDetails)
              : Messages.noPaymentDetails}
          </p>
          <Link to={paths.plans()} className="btn btn-outline-light">
            Back to plans
          </Link>
        </div>
      )}
    </section>
  );
}

/** What paying does, with the day the plan will then end. */
function changeText(details: PaymentDetails, planName = 'This plan', currentName = 'your plan'): string {
  const until = formatDate(details.new_end_date);
  switch (details.change) {
    case 'extend':
      return `Extends ${planName} by one period: it will run until ${until}.`;
    case 'upgrade':
      return `Upgrade from ${currentName}, starting today, with credit for its unused days. New end date: ${until}.`;
    case 'downgrade':
      return `Downgrade from ${currentName}, starting today, with credit for its unused days. New end date: ${until}.`;
    default:
      return `Starts today and runs until ${until}.`;
  }
}
