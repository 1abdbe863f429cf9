import { z } from 'zod';
import { PageQuerySchema } from './common';
import { ABOVE_LIMIT_LEFT_OUT, MovieCardSchema } from './catalog';
import { defineEndpoint } from './endpoint';
import { Messages } from './messages';

export const MAX_SUGGESTIONS = 10;
export const MAX_SEARCH_LENGTH = 100;

const searchText = z.string().trim().max(MAX_SEARCH_LENGTH, { error: Messages.searchTooLong });

export const SuggestionQuerySchema = z.object({ query: searchText.default('') });
export type SuggestionQuery = z.input<typeof SuggestionQuerySchema>;

export const SuggestionSchema = z.object({ id: z.number(), name: z.string() });
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SearchQuerySchema = PageQuerySchema.extend({ search: searchText.default('') });
export type SearchQuery = z.input<typeof SearchQuerySchema>;

export const SearchResultSchema = z.object({ movieList: z.array(MovieCardSchema) });
export type SearchResult = z.infer<typeof SearchResultSchema>;

const tags = ['search'];

/** Suggestions and search results: member scope. */
export const SearchEndpoints = {
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/user/search-list-dropdown',
    access: 'member',
    tags,
    description: `Up to ${MAX_SUGGESTIONS} title names for the search box: exact name first, then names starting with the text, then full-text and typo matches. ${ABOVE_LIMIT_LEFT_OUT}`,
    query: SuggestionQuerySchema,
    success: { status: 200, data: z.array(SuggestionSchema) },
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/user/get-search',
    access: 'member',
    tags,
    description: `Titles matching \`search\`, ranked as the suggestions; the best 1000 results are served. ${ABOVE_LIMIT_LEFT_OUT}`,
    query: SearchQuerySchema,
    success: { status: 200, data: SearchResultSchema },
  }),
};
