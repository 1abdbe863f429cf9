import { z } from 'zod';
import { IdSchema } from './common';

export const EntertainmentBodySchema = z.object({ entertainment_id: IdSchema });
export type EntertainmentBody = z.input<typeof EntertainmentBodySchema>;

export const SaveWatchListBodySchema = EntertainmentBodySchema;
export type SaveWatchListBody = EntertainmentBody;

export const WatchListToggleSchema = z.object({ is_watch_list: z.boolean() });
export type WatchListToggle = z.infer<typeof WatchListToggleSchema>;
