import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSuggestResponse } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { searchKeys } from './keys.ts';

export type Suggestions = SearchSuggestResponse['result'];

/** GET /search/suggest — songs, artists, albums and playlists matching what is typed so far. */
export async function fetchSuggestions(keywords: string, signal?: AbortSignal): Promise<Suggestions> {
  const data = await api('/search/suggest', { keywords }, { signal });
  return data.result;
}

export const useSuggestions = (keywords: string) =>
  useQuery(
    queryOptions({
      queryKey: searchKeys.suggest(keywords),
      queryFn: ({ signal }) => fetchSuggestions(keywords, signal),
      enabled: keywords.trim() !== '',
      staleTime: 5 * 60_000,
    }),
  );
