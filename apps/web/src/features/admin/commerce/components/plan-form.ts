import { z } from 'zod';
import {
  AdminCommerceMessages as M,
  MAX_DURATION,
  MAX_PRICE_MINOR,
  MAX_PROFILES,
  PLAN_MAX_HEIGHTS,
  type AdminPlan,
  type AdminPlanBody,
  type AdminTax,
  type AdminTaxBody,
} from '@reeltime/contract';

const RUPEES = /^\d{1,6}(\.\d{1,2})?$/;
const HUNDREDTHS = /^\d{1,3}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,4}$/;

export const PlanFormMessages = {
  priceFormat: 'Enter the price in rupees with at most two decimals, such as 199 or 199.50',
} as const;

/** "199.50" in major units as integer minor units, without floating-point rounding. */
export function toMinor(major: string): number {
  const [whole = '0', fraction = ''] = major.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer minor units as the editor shows them ("199.50"). */
export const toMajorText = (minor: number) => (minor / 100).toFixed(2);

/** The discount off a price, rounded half-up to the paisa, as billing works it out. */
export function priceAfterDiscount(priceMinor: number, discountPercent: number): number {
  const hundredths = Math.round(discountPercent * 100);
  return priceMinor - Math.floor((priceMinor * hundredths + 5_000) / 10_000);
}

/** The plan editor's inputs, as text the way the browser gives it; turned into the API body on save. */
export const PlanFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: M.nameRequired }).max(100, { error: M.nameTooLong }),
    description: z.string().trim().max(500, { error: M.descriptionTooLong }),
    price: z
      .string()
      .trim()
      .regex(RUPEES, { error: PlanFormMessages.priceFormat })
      .refine((value) => toMinor(value) >= 1, { error: M.priceTooLow })
      .refine((value) => toMinor(value) <= MAX_PRICE_MINOR, { error: M.priceTooHigh }),
    discount_percent: z
      .string()
      .trim()
      .regex(HUNDREDTHS, { error: M.discountInvalid })
      .refine((value) => Number(value) <= 99.99, { error: M.discountInvalid }),
    duration: z.enum(['month', 'year'], { error: M.durationInvalid }),
    duration_value: z.string().trim().regex(WHOLE, { error: M.durationValueInvalid }),
    max_height: z.enum(PLAN_MAX_HEIGHTS.map(String) as [string, ...string[]], { error: M.maxHeightInvalid }),
    screens: z
      .string()
      .trim()
      .regex(WHOLE, { error: M.screensInvalid })
      .refine((value) => Number(value) >= 1 && Number(value) <= 10, { error: M.screensInvalid }),
    profiles: z
      .string()
      .trim()
      .regex(WHOLE, { error: M.profilesInvalid })
      .refine((value) => Number(value) >= 1 && Number(value) <= MAX_PROFILES, { error: M.profilesInvalid }),
    has_ads: z.boolean(),
    is_active: z.boolean(),
    position: z
      .string()
      .trim()
      .regex(WHOLE, { error: M.positionInvalid })
      .refine((value) => Number(value) <= 1000, { error: M.positionInvalid }),
  })
  .refine(
    (form) => {
      const count = Number(form.duration_value);
      return count >= 1 && count <= MAX_DURATION[form.duration];
    },
    { error: M.durationValueInvalid, path: ['duration_value'] },
  );
export type PlanFormValues = z.input<typeof PlanFormSchema>;

export const NEW_PLAN_VALUES: PlanFormValues = {
  name: '',
  description: '',
  price: '',
  discount_percent: '0',
  duration: 'month',
  duration_value: '1',
  max_height: '1080',
  screens: '1',
  profiles: '1',
  has_ads: false,
  is_active: true,
  position: '0',
};

export function planFormValues(plan: AdminPlan): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description ?? '',
    price: toMajorText(plan.price_minor),
    discount_percent: String(plan.discount_percent),
    duration: plan.duration,
    duration_value: String(plan.duration_value),
    max_height: String(plan.max_height),
    screens: String(plan.screens),
    profiles: String(plan.profiles),
    has_ads: plan.has_ads,
    is_active: plan.is_active,
    position: String(plan.position),
  };
}

/** The API body of checked form values (money in minor units). */
export function planBody(values: PlanFormValues): Required<AdminPlanBody> {
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description.trim(),
    price_minor: toMinor(values.price.trim()),
    discount_percent: Number(values.discount_percent),
    duration: values.duration,
    duration_value: Number(values.duration_value),
    max_height: Number(values.max_height),
    screens: Number(values.screens),
    profiles: Number(values.profiles),
    has_ads: values.has_ads,
    is_active: values.is_active,
    position: Number(values.position),
  };
}

/** The form field each API field is typed in (the price is typed in rupees). */
export const PLAN_FIELD_OF: Record<keyof AdminPlanBody, keyof PlanFormValues> = {
  name: 'name',
  description: 'description',
  price_minor: 'price',
  discount_percent: 'discount_percent',
  duration: 'duration',
  duration_value: 'duration_value',
  max_height: 'max_height',
  screens: 'screens',
  profiles: 'profiles',
  has_ads: 'has_ads',
  is_active: 'is_active',
  position: 'position',
};

export const TaxFormSchema = z.object({
  name: z.string().trim().min(1, { error: M.nameRequired }).max(100, { error: M.nameTooLong }),
  percent: z
    .string()
    .trim()
    .regex(HUNDREDTHS, { error: M.percentInvalid })
    .refine((value) => Number(value) >= 0.01 && Number(value) <= 100, { error: M.percentInvalid }),
  is_active: z.boolean(),
});
export type TaxFormValues = z.input<typeof TaxFormSchema>;

export const NEW_TAX_VALUES: TaxFormValues = { name: '', percent: '', is_active: true };

export const taxFormValues = (tax: AdminTax): TaxFormValues => ({
  name: tax.name,
  percent: String(tax.percent),
  is_active: tax.is_active,
});

export const taxBody = (values: TaxFormValues): Required<AdminTaxBody> => ({
  name: values.name.trim(),
  percent: Number(values.percent),
  is_active: values.is_active,
});
