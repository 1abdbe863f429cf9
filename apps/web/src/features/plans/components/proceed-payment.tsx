import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Messages, type PaymentDetails } from '@reeltime/contract';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCheckoutFollower, useProcessPayment } from '../api/plans-api';
import { paths } from '../../../lib/paths';

interface ProceedPaymentProps {
  details: PaymentDetails;
  /** Loads the details again, after the server said the price changed. */
  onPriceChanged: () => Promise<unknown>;
}

/**
 * Starts the checkout for the total on screen and opens it in a new tab. `noopener` keeps the
 * checkout from reaching back into this page, and also means the browser never says whether the
 * tab opened, so a link to the checkout stays in view for when it was blocked. This tab follows the
 * checkout and moves on to the confirmation once it is paid.
 */
export function ProceedPayment({ details, onPriceChanged }: ProceedPaymentProps) {
  const toast = useToast();
  const process = useProcessPayment();
  const [checkout, setCheckout] = useState<{ url: string; sessionId: string } | null>(null);
  const checkoutUrl = checkout?.url ?? null;
  const paid = useCheckoutFollower(checkout?.sessionId ?? '');
  const navigate = useNavigate();
  useEffect(() => {
    if (paid && checkout) {
      void navigate(paths.paymentSuccess(checkout.sessionId));
    }
  }, [paid, checkout, navigate]);

  const onProceed = async () => {
    setCheckout(null);
    try {
      const { redirect_url: url, session_id: sessionId } = await process.mutateAsync({
        plan_id: details.plan_id,
        payment_method: 'stripe',
        price: details.total,
      });
      if (!url) {
        console.warn('The payment was started without a checkout address');
        return;
      }
      window.open(url, '_blank', 'noopener');
      setCheckout({ url, sessionId });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) await onPriceChanged();
      toast.error(errorMessage(error, Messages.somethingWentWrong));
    }
  };

  return (
    <div className="proceed-payment">
      <button
        type="button"
        className="btn btn-primary btn-lg"
        disabled={process.isPending}
        aria-busy={process.isPending}
        onClick={() => void onProceed()}
      >
        {process.isPending ? 'Starting checkout...' : 'Proceed Payment'}
      </button>
      <p role="status" className="proceed-payment__note">
        {checkoutUrl && (
          <>
            The checkout opened in a new tab; this page moves on once you have paid. Not there?{' '}
            <a href={checkoutUrl} target="_blank" rel="noopener">
              Open the checkout
            </a>
          </>
        )}
      </p>
    </div>
  );
}
