import { z } from 'zod';
import { ABOVE_LIMIT_LEFT_OUT, MovieCardSchema } from './catalog';
import { defineEndpoint } from './endpoint';

/** One personal row of the browse page. */
export const RecommendationRowSchema = z.object({
  /** Stable per row kind: `because:<title id>`, `trending` or `new`. */
  key: z.string(),
  /** The heading to show, for example `Because you watched Lantern` or `New on Reeltime`. */
  title: z.string(),
  /** For a "Because you watched" row, the title it is drawn from. */
  reason_title_id: z.number().optional(),
  items: z.array(MovieCardSchema),
});
export type RecommendationRow = z.infer<typeof RecommendationRowSchema>;

export const RecommendationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/user/recommendations',
    access: 'member',
    tags: ['catalog'],
    description:
      "The profile's personal rows, in order: Because you watched {title} (titles watched or liked by the profiles that watched it, else sharing its genres and cast), Trending now (views of the last 7 days) and New on {site name} (newest additions). Titles the profile has played are left out, no title is in two rows, and a row with no titles is left out. " +
      ABOVE_LIMIT_LEFT_OUT,
    success: { status: 200, data: z.array(RecommendationRowSchema) },
  }),
};
