import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Messages } from '@reeltime/contract';
import { PaymentBreakdown } from '../../../components/payment-breakdown';
import { ShimmerGrid } from '../../../components/shimmer';
import { plansQuery } from '../../../lib/plan-queries';
import { paymentDetailsQuery } from '../api/plans-api';
import { ProceedPayment } from '../components/proceed-payment';
import '../../../styles/billing.scss';

export function PaymentDetailPage() {
  const planId = Number(useParams().plan_id);
  const details = useQuery(paymentDetailsQuery(planId));
  const plans = useQuery(plansQuery());
  const planName = plans.data?.find((plan) => plan.plan_id === planId)?.name;

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
          <PaymentBreakdown details={details.data} />
          <ProceedPayment details={details.data} onPriceChanged={() => details.refetch()} />
        </div>
      ) : (
        <div className="payment-card">
          <p className="payment-card__empty">{Messages.noPaymentDetails}</p>
          <Link to="/plans" className="btn btn-outline-light">
            Back to plans
          </Link>
        </div>
      )}
    </section>
  );
}
