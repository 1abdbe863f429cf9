import { useState } from 'react';
import { Messages, type Subscription } from '@reeltime/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { useCancelSubscription } from '../api/plans-api';

interface CancelSubscriptionProps {
  subscription: Subscription;
  /** Called once the cancellation is done and the banner shows it. */
  onCancelled: () => void;
}

/** The banner's Cancel button: asks first, cancels at the end of the period, says when it failed. */
export function CancelSubscription({ subscription, onCancelled }: CancelSubscriptionProps) {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  const onConfirm = async () => {
    setFailed(false);
    try {
      await cancel.mutateAsync(subscription.id);
      setConfirming(false);
      onCancelled();
    } catch (error) {
      console.warn('Could not cancel the subscription', error);
      setConfirming(false);
      setFailed(true);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-light"
        aria-label="Cancel subscription"
        onClick={() => setConfirming(true)}
      >
        Cancel
      </button>
      {failed && (
        <p role="alert" className="subscription-banner__error">
          {Messages.cancelSubscriptionFailed}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Cancel your subscription?"
          confirmLabel="Yes, cancel"
          busyLabel="Cancelling..."
          cancelLabel="Keep my plan"
          busy={cancel.isPending}
          onConfirm={() => void onConfirm()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Your {subscription.name} plan is not renewed. You can keep watching until{' '}
            {formatDate(subscription.end_date)}.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
