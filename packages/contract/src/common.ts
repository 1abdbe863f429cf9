import { z } from 'zod';
import { Messages } from './messages';

/**
 * A number sent as JSON, or as decimal text where only text can be sent (a path, a query string, a
 * form field). Hex, exponents, booleans, arrays, null and empty text are refused, never read as a
 * number. `number` holds the bounds, checked in both forms and so stated by the API document.
 */
const numberOrText = (number: z.ZodNumber, text: RegExp, message: string) =>
  z.union([number, z.string().regex(text).transform(Number).pipe(number)], { error: message });
const DIGITS = /^\d{1,16}$/;
const DECIMAL = /^\d{1,16}(\.\d{1,6})?$/;

/** A positive whole number id. */
export const IdSchema = numberOrText(
  z
    .number()
    .int({ error: Messages.idInvalid })
    .positive({ error: Messages.idInvalid })
    .max(2_147_483_647, { error: Messages.idInvalid }),
  DIGITS,
  Messages.idInvalid,
);

/** A number, whole or with up to six decimals, within the bounds of `number`. */
export const strictNumber = (message: string, number: z.ZodNumber = z.number()) =>
  numberOrText(number, DECIMAL, message);

export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Bounds of a multipart form, the same for every route that takes one. */
export const FormLimits = {
  /** `cast[0][name]` has three parts. */
  maxDepth: 3,
  /** The longest list a form may carry (a submission's cast). */
  maxListItems: 20,
  maxFields: 120,
  maxFiles: 25,
  maxParts: 150,
  maxFieldBytes: 65_536,
} as const;

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

export const PageQuerySchema = z.object({
  page: numberOrText(
    z
      .number()
      .int({ error: 'page must be a whole number' })
      .min(1, { error: 'page must be at least 1' })
      .max(100_000, { error: 'page must be at most 100000' }),
    DIGITS,
    'page must be a whole number',
  ).default(1),
  per_page: numberOrText(
    z
      .number()
      .int({ error: 'per_page must be a whole number' })
      .min(1, { error: 'per_page must be at least 1' })
      .max(MAX_PER_PAGE, { error: `per_page must be at most ${MAX_PER_PAGE}` }),
    DIGITS,
    'per_page must be a whole number',
  ).default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** An optional form field: an empty string or null means "not given". */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * An optional field that may also be sent empty (`""`) or as `null`, both meaning "not given"; its
 * schema (and so the API document) lists those two values beside the field's own.
 */
export const blankableField = <T extends z.ZodType>(schema: T, invalid?: string) =>
  z
    .union(
      [z.literal('').transform(() => undefined), z.null().transform(() => undefined), schema],
      // A value none of them takes, when the field's schema does not say why itself (a wrong enum value).
      invalid === undefined ? undefined : { error: invalid },
    )
    .optional();

/** `YYYY-MM-DD` that is a real calendar date. */
export const DateStringSchema = z
  .string({ error: Messages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: Messages.dateInvalid })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: Messages.dateInvalid },
  );

export const SuccessEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string().optional(), data });

export const ErrorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const NullDataEnvelopeSchema = SuccessEnvelope(z.null());

export type Envelope<T> = { status: true; message?: string; data: T };
