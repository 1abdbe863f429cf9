import { z } from 'zod';

export const CountSchema = z.number().int().nonnegative();

/**
 * One page of a console list: the rows plus what the pagination control needs. Console list
 * endpoints take `PageQuerySchema` (`page`, `per_page`) and answer with `AdminPageSchema(row)`.
 */
export const AdminPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    items: z.array(row),
    /** Rows matching the filters, over all pages. */
    total: CountSchema,
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
  });
export type AdminPage<Row> = { items: Row[]; total: number; page: number; per_page: number };
