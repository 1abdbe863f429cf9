import { z } from 'zod';

const CountSchema = z.number().int().nonnegative();

/** How many videos are in each step of the media pipeline. */
export const VideoCountsSchema = z.object({
  pending: CountSchema,
  processing: CountSchema,
  ready: CountSchema,
  failed: CountSchema,
});
export type VideoCounts = z.infer<typeof VideoCountsSchema>;

/** How many background jobs are in each state. */
export const JobCountsSchema = z.object({
  queued: CountSchema,
  running: CountSchema,
  done: CountSchema,
  failed: CountSchema,
  cancelled: CountSchema,
});
export type JobCounts = z.infer<typeof JobCountsSchema>;

/** The admin console's first page: the size of the site and the state of its media and jobs. */
export const AdminOverviewSchema = z.object({
  /** Every title, published or not. */
  titles: CountSchema,
  /** Every account, admins included. */
  members: CountSchema,
  videos: VideoCountsSchema,
  jobs: JobCountsSchema,
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

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
