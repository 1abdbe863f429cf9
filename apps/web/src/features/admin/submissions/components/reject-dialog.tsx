import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AdminSubmissionsLimits, RejectSubmissionBodySchema } from '@reeltime/contract';
import { ModalDialog } from '../../../../components/modal-dialog';
import { applyFieldErrors } from '../../../../lib/form-errors';

interface RejectDialogProps {
  title: string;
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks why a submission is rejected; the member receives the reason by mail and in My submissions. */
export function RejectDialog({ title, onReject, onClose }: RejectDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string }>({
    resolver: zodResolver(RejectSubmissionBodySchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const length = watch('reason').length;

  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await onReject(reason);
    } catch (error) {
      applyFieldErrors(error, setError, ['reason']);
    }
  });

  return (
    <ModalDialog title={`Reject “${title}”`} onClose={onClose} busy={isSubmitting}>
      <form className="submission-reject-form" onSubmit={onSubmit} noValidate>
        <label htmlFor="reject-reason" className="form-label">
          Reason (sent to the member)
        </label>
        <textarea
          id="reject-reason"
          rows={5}
          className={`form-control${errors.reason ? ' is-invalid' : ''}`}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`reject-reason-count${errors.reason ? ' reject-reason-error' : ''}`}
          {...register('reason')}
        />
        <div id="reject-reason-count" className="form-text text-end">
          {length} / {AdminSubmissionsLimits.rejectionReason}
        </div>
        {errors.reason ? (
          <div id="reject-reason-error" className="invalid-feedback d-block" role="alert">
            {errors.reason.message}
          </div>
        ) : null}
        <div className="d-flex justify-content-end gap-2 mt-3">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Rejecting…' : 'Reject and tell the member'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
