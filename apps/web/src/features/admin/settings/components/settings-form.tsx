import { useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SITE_NAME_MAX,
  SUPPORT_EMAIL_MAX,
  SiteSettingsBodySchema,
  type SiteSettings,
  type SiteSettingsBody,
} from '@reeltime/contract';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormField } from '../../../../components/form-field';
import { SubmitButton } from '../../../../components/submit-button';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useSaveSettings } from '../api/settings-api';
import { RatingScaleEditor } from './rating-scale-editor';

const formValues = (settings: SiteSettings): SiteSettingsBody => ({
  site_name: settings.site_name,
  signups_open: settings.signups_open,
  ad_slot_url: settings.ad_slot_url,
  support_email: settings.support_email,
  content_rating_scale: settings.content_rating_scale,
});

/** The scale's own message, else the first of its labels' (those come keyed by position). */
function firstMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const item of Object.values(error as Record<string, unknown>)) {
    if (typeof item === 'object' && item && 'message' in item && typeof item.message === 'string') {
      return item.message;
    }
  }
  return undefined;
}

/** The site settings form; closing sign-ups asks first. */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const [pendingClose, setPendingClose] = useState<SiteSettingsBody | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid },
  } = useForm({
    resolver: zodResolver(SiteSettingsBodySchema),
    mode: 'onTouched',
    defaultValues: formValues(settings),
  });

  const save = useSaveSettings({ onSaved: (saved) => reset(formValues(saved)) });

  const send = async (values: SiteSettingsBody) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      applyFieldErrors(error, setError, [
        'site_name',
        'signups_open',
        'ad_slot_url',
        'support_email',
        'content_rating_scale',
      ]);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (settings.signups_open && !values.signups_open) {
      setPendingClose(values);
      return;
    }
    await send(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="admin-panel settings-form">
      <FormField
        label="Site name"
        registration={register('site_name')}
        error={errors.site_name?.message}
        maxLength={SITE_NAME_MAX}
        autoComplete="off"
      />
      <p id="site-name-hint" className="form-text settings-form__hint">
        Shown in the site's header and the browser tab.
      </p>

      <div className="form-check form-switch mb-1">
        <input
          id="signups-open"
          type="checkbox"
          role="switch"
          className="form-check-input"
          aria-describedby="signups-open-hint"
          {...register('signups_open')}
        />
        <label htmlFor="signups-open" className="form-check-label">
          Sign-ups open
        </label>
      </div>
      <p id="signups-open-hint" className="form-text settings-form__hint">
        When closed, the sign-up page says so and new accounts are refused; members with an account still sign
        in.
      </p>

      <FormField
        label="Ad slot address"
        type="url"
        inputMode="url"
        placeholder="https://ads.example.com/slot"
        registration={register('ad_slot_url')}
        error={errors.ad_slot_url?.message}
      />
      <p id="ad-slot-hint" className="form-text settings-form__hint">
        The page shown in the ad slot of visitors and plans with ads (https only). Leave it empty for the
        house ad.
      </p>

      <FormField
        label="Support address"
        type="email"
        inputMode="email"
        placeholder="support@example.com"
        registration={register('support_email')}
        error={errors.support_email?.message}
        maxLength={SUPPORT_EMAIL_MAX}
      />
      <p id="support-email-hint" className="form-text settings-form__hint">
        Where members write for help: shown in the site's footer and where a payment could not be confirmed.
        Leave it empty to show none.
      </p>

      <Controller
        control={control}
        name="content_rating_scale"
        render={({ field, fieldState }) => (
          <RatingScaleEditor
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={firstMessage(fieldState.error)}
          />
        )}
      />

      <p className="form-text">Members see changes on their next page load.</p>
      <SubmitButton
        ready={isDirty && isValid}
        busy={save.isPending}
        label="Save settings"
        busyLabel="Saving…"
      />

      {pendingClose ? (
        <ConfirmDialog
          title="Close sign-ups?"
          confirmLabel="Close sign-ups"
          busyLabel="Saving…"
          busy={save.isPending}
          onCancel={() => setPendingClose(null)}
          onConfirm={() => {
            const values = pendingClose;
            void send(values).finally(() => setPendingClose(null));
          }}
        >
          Nobody new can create an account until sign-ups are opened again. Members who already have an
          account can still sign in.
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
