import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminTax, AdminTaxBody } from '@reeltime/contract';
import { FormField } from '../../../../components/form-field';
import { ModalDialog } from '../../../../components/modal-dialog';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { NEW_TAX_VALUES, TaxFormSchema, taxBody, taxFormValues, type TaxFormValues } from './plan-form';

interface TaxEditorDialogProps {
  /** The line to edit; null for a new one. */
  tax: AdminTax | null;
  onSave: (body: AdminTaxBody) => Promise<unknown>;
  onClose: () => void;
}

/** Adds or edits a tax line: its name, percent of the discounted price, and whether it applies. */
export function TaxEditorDialog({ tax, onSave, onClose }: TaxEditorDialogProps) {
  const activeId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaxFormValues>({
    resolver: zodResolver(TaxFormSchema),
    mode: 'onTouched',
    defaultValues: tax ? taxFormValues(tax) : NEW_TAX_VALUES,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(taxBody(values));
      onClose();
    } catch (error) {
      applyFieldErrors(error, setError, ['name', 'percent', 'is_active']);
    }
  });

  return (
    <ModalDialog title={tax ? `Edit ${tax.name}` : 'New tax line'} onClose={onClose} busy={isSubmitting}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          label="Name"
          registration={register('name')}
          error={errors.name?.message}
          maxLength={100}
        />
        <FormField
          label="Percent"
          registration={register('percent')}
          error={errors.percent?.message}
          inputMode="decimal"
          placeholder="18"
        />
        <div className="form-check mb-3">
          <input id={activeId} type="checkbox" className="form-check-input" {...register('is_active')} />
          <label htmlFor={activeId} className="form-check-label">
            Active (added to new checkouts)
          </label>
        </div>
        <p className="plan-editor__note">
          Taxes are worked out on the price after discount. Open checkouts keep the taxes they were opened
          with.
        </p>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : tax ? 'Save tax line' : 'Add tax line'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
