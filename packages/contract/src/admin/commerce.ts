/** The console's plans and taxes: schemas, endpoints and messages. */
import { z } from 'zod';
import { PlanLimitationSchema } from '../billing';
import { IdParamsSchema } from '../common';
import { MAX_PROFILES } from '../household';
import { defineEndpoint } from '../endpoint';

export const AdminCommerceMessages = {
  planCreated: 'Plan created.',
  planSaved: 'Plan saved.',
  planDeleted: 'Plan deleted.',
  planNotFound: 'No plan with this id.',
  planBought:
    'This plan has been bought (or a checkout for it was opened), so it cannot be deleted; deactivate it instead.',
  planNameTaken: 'Another plan already has this name.',
  nothingToChange: 'Send at least one field to change.',
  taxCreated: 'Tax line created.',
  taxSaved: 'Tax line saved.',
  taxDeleted: 'Tax line deleted.',
  taxNotFound: 'No tax line with this id.',
  taxNameTaken: 'Another tax line already has this name.',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  priceInvalid: 'Price must be a whole number of paise (minor units)',
  priceTooLow: 'Price must be more than 0',
  priceTooHigh: 'Price must be at most 999999.99',
  discountInvalid: 'Discount must be a number from 0 to 99.99 with at most two decimals',
  durationInvalid: 'Duration must be month or year',
  durationValueInvalid: 'Duration must be a whole number of 1 to 36 months or 1 to 3 years',
  maxHeightInvalid: 'Video quality must be 360, 720, 1080 or 2160',
  screensInvalid: 'Screens must be a whole number from 1 to 10',
  profilesInvalid: `Profiles must be a whole number from 1 to ${MAX_PROFILES}`,
  positionInvalid: 'Order must be a whole number from 0 to 1000',
  flagInvalid: 'Must be true or false',
  percentInvalid: 'Percent must be a number from 0.01 to 100 with at most two decimals',
  /** Shown beside the price in the editor, and in the docs. */
  priceChangeNote:
    'Price changes apply to new checkouts only: open checkouts and existing subscriptions keep the price they started with.',
} as const;

const M = AdminCommerceMessages;

/** Heights of the renditions the transcoder makes (360p to 4K); a plan caps playback at one of them. */
export const PLAN_MAX_HEIGHTS = [360, 720, 1080, 2160] as const;
/** Stripe takes at most 8 digits of minor units for a price. */
export const MAX_PRICE_MINOR = 99_999_999;
/** Stripe renews at most every three years. */
export const MAX_DURATION = { month: 36, year: 3 } as const;

const name = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired })
  .max(100, { error: M.nameTooLong });

/** At most two decimals, as percentOf in billing works in hundredths of a percent. */
const hundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const flag = z.boolean({ error: M.flagInvalid });

const planFields = {
  name,
  description: z
    .string({ error: M.descriptionTooLong })
    .trim()
    .max(500, { error: M.descriptionTooLong })
    .nullable(),
  price_minor: z
    .number({ error: M.priceInvalid })
    .int({ error: M.priceInvalid })
    .min(1, { error: M.priceTooLow })
    .max(MAX_PRICE_MINOR, { error: M.priceTooHigh }),
  discount_percent: z
    .number({ error: M.discountInvalid })
    .min(0, { error: M.discountInvalid })
    .max(99.99, { error: M.discountInvalid })
    .refine(hundredths, { error: M.discountInvalid }),
  duration: z.enum(['month', 'year'], { error: M.durationInvalid }),
  duration_value: z
    .number({ error: M.durationValueInvalid })
    .int({ error: M.durationValueInvalid })
    .min(1, { error: M.durationValueInvalid })
    .max(MAX_DURATION.month, { error: M.durationValueInvalid }),
  max_height: z
    .number({ error: M.maxHeightInvalid })
    .refine((value) => (PLAN_MAX_HEIGHTS as readonly number[]).includes(value), {
      error: M.maxHeightInvalid,
    }),
  screens: z
    .number({ error: M.screensInvalid })
    .int({ error: M.screensInvalid })
    .min(1, { error: M.screensInvalid })
    .max(10, { error: M.screensInvalid }),
  /** Household profiles an account on the plan may have. */
  profiles: z
    .number({ error: M.profilesInvalid })
    .int({ error: M.profilesInvalid })
    .min(1, { error: M.profilesInvalid })
    .max(MAX_PROFILES, { error: M.profilesInvalid }),
  has_ads: flag,
  is_active: flag,
  position: z
    .number({ error: M.positionInvalid })
    .int({ error: M.positionInvalid })
    .min(0, { error: M.positionInvalid })
    .max(1000, { error: M.positionInvalid }),
};

/** A duration in years is at most three (what Stripe renews); in months at most 36. */
const durationFits = (plan: { duration?: 'month' | 'year'; duration_value?: number }) =>
  plan.duration !== 'year' || plan.duration_value === undefined || plan.duration_value <= MAX_DURATION.year;
const durationIssue = { error: M.durationValueInvalid, path: ['duration_value'] };

export const AdminPlanBodySchema = z
  .object({
    ...planFields,
    description: planFields.description.default(null),
    discount_percent: planFields.discount_percent.default(0),
    profiles: planFields.profiles.default(1),
    has_ads: flag.default(false),
    is_active: flag.default(true),
    position: planFields.position.default(0),
  })
  .strict()
  .refine(durationFits, durationIssue);
export type AdminPlanBody = z.input<typeof AdminPlanBodySchema>;

/**
 * Any of the plan's fields. A duration in years is checked against the plan's stored duration
 * by the server when only one of the pair is sent.
 */
export const AdminPlanPatchSchema = z
  .object(planFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: M.nothingToChange })
  .refine(durationFits, durationIssue);
export type AdminPlanPatch = z.input<typeof AdminPlanPatchSchema>;

export const AdminStripePlanSchema = z.object({
  /** Null until the first sync has created the product. */
  product_id: z.string().nullable(),
  /** The live recurring Price of the plan; older ones are archived at Stripe. */
  price_id: z.string().nullable(),
  /** Epoch ms of the last sync that reached Stripe. */
  synced_at: z.number().nullable(),
  /** False while a change waits for the sync job (or the sync failed: see last_error). */
  in_sync: z.boolean(),
  last_error: z.string().nullable(),
});

export const AdminPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  price_minor: z.number(),
  discount_percent: z.number(),
  /** What a member pays before taxes: the price less the discount. */
  price_after_discount_minor: z.number(),
  currency: z.string(),
  duration: z.enum(['month', 'year']),
  duration_value: z.number(),
  max_height: z.number(),
  screens: z.number(),
  profiles: z.number(),
  has_ads: z.boolean(),
  is_active: z.boolean(),
  position: z.number(),
  /** The limitation texts members see on the plan's card. */
  limitations: z.array(PlanLimitationSchema),
  /** Members whose plan this is now (active, or cancelled with time left). */
  current_subscribers: z.number(),
  /** Bought or checked out at least once: it can be deactivated, never deleted. */
  bought: z.boolean(),
  /** Null when Stripe is not configured or the plan has not been sent to Stripe yet. */
  stripe: AdminStripePlanSchema.nullable(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

export const AdminPlanListSchema = z.object({
  plans: z.array(AdminPlanSchema),
  currency: z.string(),
  /** Whether plan changes are sent to Stripe. */
  stripe_configured: z.boolean(),
});
export type AdminPlanList = z.infer<typeof AdminPlanListSchema>;

const taxFields = {
  name,
  percent: z
    .number({ error: M.percentInvalid })
    .min(0.01, { error: M.percentInvalid })
    .max(100, { error: M.percentInvalid })
    .refine(hundredths, { error: M.percentInvalid }),
  is_active: flag,
};

export const AdminTaxBodySchema = z.object({ ...taxFields, is_active: flag.default(true) }).strict();
export type AdminTaxBody = z.input<typeof AdminTaxBodySchema>;

export const AdminTaxPatchSchema = z
  .object(taxFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: M.nothingToChange });
export type AdminTaxPatch = z.input<typeof AdminTaxPatchSchema>;

export const AdminTaxSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Percent of the discounted price, to two decimals (18 is 18%). */
  percent: z.number(),
  is_active: z.boolean(),
});
export type AdminTax = z.infer<typeof AdminTaxSchema>;

const plansTags = ['admin: plans'];
const taxesTags = ['admin: taxes'];

/** The console's plans and taxes. */
export const AdminCommerceEndpoints = {
  plans: defineEndpoint({
    method: 'GET',
    path: '/admin/plans',
    access: 'admin',
    tags: plansTags,
    description:
      'Every plan, active or not, with its limits, the limitation texts members see, how many members are on it, whether it was ever bought, and its Stripe sync state.',
    success: { status: 200, data: AdminPlanListSchema },
  }),
  createPlan: defineEndpoint({
    method: 'POST',
    path: '/admin/plans',
    access: 'admin',
    tags: plansTags,
    description:
      'Creates a plan. Money is integer minor units (paise). With Stripe configured, a product and a recurring Price are created for it in the background. Another plan’s name is refused with 422.',
    body: AdminPlanBodySchema,
    success: { status: 201, data: AdminPlanSchema },
  }),
  updatePlan: defineEndpoint({
    method: 'PATCH',
    path: '/admin/plans/:id',
    access: 'admin',
    tags: plansTags,
    description:
      "Changes any of the plan's fields. A new price applies to checkouts opened afterwards; open checkouts and existing subscriptions keep theirs. With Stripe configured, a change of price, discount or duration creates a new Stripe Price and archives the old one.",
    params: IdParamsSchema,
    body: AdminPlanPatchSchema,
    success: { status: 200, data: AdminPlanSchema },
    errors: { 404: M.planNotFound },
  }),
  deletePlan: defineEndpoint({
    method: 'DELETE',
    path: '/admin/plans/:id',
    access: 'admin',
    tags: plansTags,
    description: 'Deletes a plan nobody has bought or checked out (deactivate it with PATCH otherwise).',
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: M.planNotFound, 409: 'The plan was bought or checked out.' },
  }),
  taxes: defineEndpoint({
    method: 'GET',
    path: '/admin/taxes',
    access: 'admin',
    tags: taxesTags,
    description: 'Every tax line; active ones are added to the payment details of new checkouts.',
    success: { status: 200, data: z.array(AdminTaxSchema) },
  }),
  createTax: defineEndpoint({
    method: 'POST',
    path: '/admin/taxes',
    access: 'admin',
    tags: taxesTags,
    description:
      'Creates a tax line (percent of the discounted price, to two decimals). Another line’s name is refused with 422.',
    body: AdminTaxBodySchema,
    success: { status: 201, data: AdminTaxSchema },
  }),
  updateTax: defineEndpoint({
    method: 'PATCH',
    path: '/admin/taxes/:id',
    access: 'admin',
    tags: taxesTags,
    description: 'Changes a tax line; new checkouts use it at once, open ones keep their breakdown.',
    params: IdParamsSchema,
    body: AdminTaxPatchSchema,
    success: { status: 200, data: AdminTaxSchema },
    errors: { 404: M.taxNotFound },
  }),
  deleteTax: defineEndpoint({
    method: 'DELETE',
    path: '/admin/taxes/:id',
    access: 'admin',
    tags: taxesTags,
    description: 'Deletes a tax line; payments already made keep it in their receipts.',
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: M.taxNotFound },
  }),
};
