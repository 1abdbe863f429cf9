import { z } from 'zod';
import { Messages } from './messages';

/**
 * A number sent as JSON, or as decimal text where only text can be sent (a path, a query string, a
 * form field). Hex, exponents, booleans, arrays, null and empty text are refused, never read as a number.
 */
const numberOrText = (text: RegExp, message: string, documented?: DocumentedNumber) =>
  z.union([documented ? z.number().meta(documented) : z.number(), z.string().regex(text).transform(Number)], {
    error: message,
  });
const DIGITS = /^\d{1,16}$/;
const DECIMAL = /^\d{1,16}(\.\d{1,6})?$/;

/**
 * The range a number field accepts, as the API document shows it on the number it may be sent as
 * (its checks run once text has been read as a number, so only the document needs it).
 * `exclusiveMinimum` (OpenAPI 3.0's boolean form) leaves the minimum itself out.
 */
type DocumentedRange = { minimum: number; maximum?: number; exclusiveMinimum?: boolean };
type DocumentedNumber = DocumentedRange & { type: 'integer' | 'number' };

const wholeNumber = (message: string, range?: { minimum: number; maximum: number }) =>
  numberOrText(DIGITS, message, range && { type: 'integer', ...range }).pipe(
    z.number().int({ error: message }),
  );

/** The largest id a row can have (a 32-bit integer column). */
export const MAX_ID = 2_147_483_647;

/** A positive whole number id. */
export const IdSchema = wholeNumber(Messages.idInvalid, { minimum: 1, maximum: MAX_ID }).pipe(
  z.number().positive({ error: Messages.idInvalid }).max(MAX_ID, { error: Messages.idInvalid }),
);

/**
 * An id whose message depends on what was sent, such as a required id left out or a null given
 * its own; anything else that is not an id gets `Messages.idInvalid`.
 */
export const idWithMessages = (messageFor: (input: unknown) => string | undefined) =>
  z
    .union([z.number().meta({ type: 'integer', minimum: 1, maximum: MAX_ID }), z.string().regex(DIGITS)], {
      error: (issue) => messageFor(issue.input) ?? Messages.idInvalid,
    })
    .pipe(IdSchema);

/** A number, whole or with up to six decimals, documented with `range` when given. */
export const strictNumber = (message: string, range?: DocumentedRange) =>
  numberOrText(DECIMAL, message, range && { type: 'number', ...range });

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
export const MAX_PAGE = 100_000;

export const PageQuerySchema = z.object({
  page: wholeNumber('page must be a whole number', { minimum: 1, maximum: MAX_PAGE })
    .pipe(
      z
        .number()
        .min(1, { error: 'page must be at least 1' })
        .max(MAX_PAGE, { error: `page must be at most ${MAX_PAGE}` }),
    )
    .default(1)
    .meta({ default: 1 }),
  per_page: wholeNumber('per_page must be a whole number', { minimum: 1, maximum: MAX_PER_PAGE })
    .pipe(
      z
        .number()
        .min(1, { error: 'per_page must be at least 1' })
        .max(MAX_PER_PAGE, { error: `per_page must be at most ${MAX_PER_PAGE}` }),
    )
    .default(DEFAULT_PER_PAGE)
    .meta({ default: DEFAULT_PER_PAGE }),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** An optional form field: an empty string or null means "not given". */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * An optional query filter: empty text means "no filter", as a console form sends an unset choice,
 * and any other value must pass `schema`; `message` names the field when it does not.
 */
export const optionalFilter = <T extends z.ZodType>(schema: T, message: string) =>
  z.union([z.literal('').transform(() => undefined), schema], { error: message }).optional();

/**
 * An optional field that may also be sent empty (`""`) or as `null`, both meaning "not given"; its
 * schema (and so the API document) lists those two values beside the field's own.
 */
export const blankableField = <T extends z.ZodType>(
  schema: T,
  invalid?: string,
  /** A check of a given value, with its own message (the union's message would hide it). */
  check?: { accepts: (value: z.output<T>) => boolean; error: string },
) => {
  const field = z.union(
    [z.literal('').transform(() => undefined), z.null().transform(() => undefined), schema],
    // A value none of them takes, when the field's schema does not say why itself (a wrong enum value).
    invalid === undefined ? undefined : { error: invalid },
  );
  return (
    check
      ? field.refine((value) => value === undefined || check.accepts(value as z.output<T>), {
          error: check.error,
        })
      : field
  ).optional();
};

/** A yes/no field: JSON booleans, or `true`/`false`/`1`/`0` as form text. */
export const formFlag = (error: z.core.$ZodErrorMap | string) =>
  z.union(
    [
      z.boolean(),
      z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
    ],
    { error },
  );

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
  )
  .meta({ format: 'date' });

export const SuccessEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string().optional(), data });

/** The envelope of every failure; one named schema (`ErrorEnvelope`) in the OpenAPI document. */
export const ErrorEnvelopeSchema = z
  .object({
    status: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const NullDataEnvelopeSchema = SuccessEnvelope(z.null());

export type Envelope<T> = { status: true; message?: string; data: T };
