import { z } from 'zod';
import { PageQuerySchema } from './common';
import { MovieCardSchema } from './catalog';
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
