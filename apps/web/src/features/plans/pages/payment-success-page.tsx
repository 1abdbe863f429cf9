import '../plans.scss';
import { Link, useSearchParams } from 'react-router';
import { Messages, type Subscription } from '@reeltime/contract';
import { CheckIcon } from '../../../components/icons';
import { SupportLink } from '../../../components/support-link';
import { supportEmail } from '../../../lib/env';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { forgetReturnTo, returnTo } from '../../../lib/return-to';
import { usePaymentConfirmation } from '../api/plans-api';
import { paths } from '../../../lib/paths';

/** Where the checkout sends the member back: confirms the payment and shows the plan it bought. */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';
  const confirmation = usePaymentConfirmation(sessionId);

  return (
    <section className="container-xxl page-section payment-result">
      {confirmation.isPending && confirmation.fetchStatus !== 'idle' ? (
        <Processing />
      ) : confirmation.data ? (
        <Confirmed subscription={confirmation.data} />
      ) : (
        <div role="alert" className="payment-result__card">
          <h1 className="page-title">Payment not confirmed</h1>
          <p>{Messages.paymentConfirmFailed}</p>
          {supportEmail() ? (
            <p>
              Support: <SupportLink />
            </p>
          ) : null}
          <p>A payment that went through is listed in your billing history, with its receipt.</p>
          <div className="payment-result__actions">
            <Link to={paths.billing()} className="btn btn-primary">
              Billing history
            </Link>
            <Link to={paths.plans()} className="btn btn-outline-light">
              Back to plans
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

function Processing() {
  return (
    <div className="payment-result__card" role="status" aria-busy="true">
      <span className="app-loading__spinner" aria-hidden="true" />
      <h1 className="page-title">Processing your payment</h1>
      <p>Please wait while we confirm your payment.</p>
    </div>
  );
}

/** Confirmed: back to the title that sent the member to the plans, when there is one. */
function Confirmed({ subscription }: { subscription: Subscription }) {
  const [target] = useState(returnTo);
  return (
    <div className="payment-result__card payment-result__card--success">
      <span className="payment-result__icon">
        <CheckIcon size={36} />
      </span>
      <h1 className="page-title">Payment Successful</h1>
      <p>
        Your subscription is activated: {subscription.name}, valid until {formatDate(subscription.end_date)}.
      </p>
      <div className="payment-result__actions">
        {target && (
          <Link to={target.path} className="btn btn-primary btn-lg" onClick={forgetReturnTo}>
            Back to {target.label}
          </Link>
        )}
        <Link
          to={paths.browse()}
          className={`btn btn-lg ${target ? 'btn-outline-light' : 'btn-primary'}`}
          onClick={forgetReturnTo}
        >
          Go to Home
        </Link>
      </div>
    </div>
  );
}
