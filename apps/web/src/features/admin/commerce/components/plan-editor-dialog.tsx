import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminCommerceMessages as M,
  PLAN_MAX_HEIGHTS,
  type AdminPlan,
  type AdminPlanBody,
} from '@reeltime/contract';
import { FormField } from '../../../../components/form-field';
import { ModalDialog } from '../../../../components/modal-dialog';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format';
import {
  NEW_PLAN_VALUES,
  PLAN_FIELD_OF,
  PlanFormSchema,
  planBody,
  planFormValues,
  priceAfterDiscount,
  toMinor,
  type PlanFormValues,
} from './plan-form';

const QUALITY_LABELS: Record<number, string> = {
  360: '360p',
  720: '720p',
  1080: '1080p (Full HD)',
  2160: '4K',
};

interface PlanEditorDialogProps {
  /** The plan to edit; null for a new one. */
  plan: AdminPlan | null;
  currency: string;
  /** Saves the body (only the changed fields of an existing plan); rejects with the API's error. */
  onSave: (body: AdminPlanBody) => Promise<unknown>;
  onClose: () => void;
}

/** The plan editor: every field of a plan, money typed in rupees and sent in paise. */
export function PlanEditorDialog({ plan, currency, onSave, onClose }: PlanEditorDialogProps) {
  const ids = {
    description: useId(),
    duration: useId(),
    quality: useId(),
    ads: useId(),
    active: useId(),
    priceNote: useId(),
    durationError: useId(),
    descriptionError: useId(),
  };
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<PlanFormValues>({
    resolver: zodResolver(PlanFormSchema),
    mode: 'onTouched',
    defaultValues: plan ? planFormValues(plan) : NEW_PLAN_VALUES,
  });

  const [price, discount] = watch(['price', 'discount_percent']);
  const preview = PlanFormSchema.shape.price.safeParse(price).success
    ? priceAfterDiscount(toMinor(price.trim()), Number(discount) || 0)
    : null;

  const onSubmit = handleSubmit(async (values) => {
    const full = planBody(values);
    // An existing plan gets only what changed, so the audit log shows exactly that.
    const body = plan
      ? (Object.fromEntries(
          Object.entries(full).filter(([key]) => dirtyFields[PLAN_FIELD_OF[key as keyof AdminPlanBody]]),
        ) as AdminPlanBody)
      : full;
    if (plan && Object.keys(body).length === 0) return onClose();
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || !error.errors) return;
      for (const [field, messages] of Object.entries(error.errors)) {
        const formField = PLAN_FIELD_OF[field as keyof AdminPlanBody];
        if (formField && messages[0]) setError(formField, { type: 'server', message: messages[0] });
      }
    }
  });

  const invalid = (name: keyof FieldErrors<PlanFormValues>) => (errors[name] ? ' is-invalid' : '');

  return (
    <ModalDialog title={plan ? `Edit ${plan.name}` : 'New plan'} onClose={onClose} busy={isSubmitting}>
      <form className="plan-editor" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          label="Name"
          registration={register('name')}
          error={errors.name?.message}
          maxLength={100}
        />
        <div className="mb-3">
          <label htmlFor={ids.description} className="form-label">
            Description <span className="text-secondary">(optional; shown in the console and at Stripe)</span>
          </label>
          <textarea
            id={ids.description}
            rows={2}
            maxLength={500}
            className={`form-control${invalid('description')}`}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? ids.descriptionError : undefined}
            {...register('description')}
          />
          {errors.description ? (
            <div id={ids.descriptionError} className="invalid-feedback d-block" role="alert">
              {errors.description.message}
            </div>
          ) : null}
        </div>

        <div className="plan-editor__row plan-editor__row--four">
          <FormField
            label={`Price (${currency})`}
            registration={register('price')}
            error={errors.price?.message}
            inputMode="decimal"
            placeholder="199.00"
            aria-describedby={ids.priceNote}
          />
          <FormField
            label="Discount (%)"
            registration={register('discount_percent')}
            error={errors.discount_percent?.message}
            inputMode="decimal"
          />
          <FormField
            label="Renews every"
            registration={register('duration_value')}
            error={errors.duration_value?.message}
            inputMode="numeric"
          />
          <div className="mb-3">
            <label htmlFor={ids.duration} className="form-label">
              Period
            </label>
            <select
              id={ids.duration}
              className={`form-select${invalid('duration')}`}
              {...register('duration')}
            >
              <option value="month">Months</option>
              <option value="year">Years</option>
            </select>
          </div>
        </div>
        <p id={ids.priceNote} className="plan-editor__note">
          {M.priceChangeNote}
          {preview !== null ? (
            <>
              {' '}
              Members pay <strong>{formatMoney(preview / 100, currency)}</strong> before taxes.
            </>
          ) : null}
        </p>
        <div className="plan-editor__row plan-editor__row--four">
          <div className="mb-3">
            <label htmlFor={ids.quality} className="form-label">
              Video quality up to
            </label>
            <select
              id={ids.quality}
              className={`form-select${invalid('max_height')}`}
              {...register('max_height')}
            >
              {PLAN_MAX_HEIGHTS.map((height) => (
                <option key={height} value={String(height)}>
                  {QUALITY_LABELS[height]}
                </option>
              ))}
            </select>
          </div>
          <FormField
            label="Screens at the same time"
            registration={register('screens')}
            error={errors.screens?.message}
            inputMode="numeric"
          />
          <FormField
            label="Profiles per account"
            registration={register('profiles')}
            error={errors.profiles?.message}
            inputMode="numeric"
          />
          <FormField
            label="Order on the plans page"
            registration={register('position')}
            error={errors.position?.message}
            inputMode="numeric"
          />
        </div>
        <div className="plan-editor__checks">
          <div className="form-check">
            <input id={ids.ads} type="checkbox" className="form-check-input" {...register('has_ads')} />
            <label htmlFor={ids.ads} className="form-check-label">
              Shows ads on the browse page
            </label>
          </div>
          <div className="form-check">
            <input id={ids.active} type="checkbox" className="form-check-input" {...register('is_active')} />
            <label htmlFor={ids.active} className="form-check-label">
              Active (members can buy it)
            </label>
          </div>
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : plan ? 'Save plan' : 'Create plan'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
