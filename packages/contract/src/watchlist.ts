import { z } from 'zod';
import { ABOVE_LIMIT_LEFT_OUT, ABOVE_LIMIT_NOT_FOUND, MovieCardSchema } from './catalog';
import { IdSchema, PageQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

export const EntertainmentBodySchema = z.object({ entertainment_id: IdSchema });
export type EntertainmentBody = z.input<typeof EntertainmentBodySchema>;

export const SaveWatchListBodySchema = EntertainmentBodySchema;
export type SaveWatchListBody = EntertainmentBody;

export const WatchListToggleSchema = z.object({ is_watch_list: z.boolean() });
export type WatchListToggle = z.infer<typeof WatchListToggleSchema>;

const tags = ['watchlist'];

/** The member's watch list. */
export const WatchlistEndpoints = {
  toggle: defineEndpoint({
    method: 'POST',
    path: '/user/save-watch-list',
    access: 'member',
    tags,
    description: 'Toggles the title on the watch list; the message says whether it was added or removed.',
    encoding: 'json-or-form',
    body: SaveWatchListBodySchema,
    success: { status: 200, data: WatchListToggleSchema },
    errors: { 404: `The title does not exist. ${ABOVE_LIMIT_NOT_FOUND}` },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/user/watch-list',
    access: 'member',
    tags,
    description: `The watch list, most recently added first. ${ABOVE_LIMIT_LEFT_OUT}`,
    query: PageQuerySchema,
    success: { status: 200, data: z.array(MovieCardSchema) },
  }),
};
