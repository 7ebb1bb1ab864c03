/** Query keys of the search feature, in one place. */
export const searchKeys = {
  all: ['search'] as const,
  results: (keywords: string, type: number, page: number) => ['search', 'results', keywords, type, page] as const,
  suggest: (keywords: string) => ['search', 'suggest', keywords] as const,
  hot: () => ['search', 'hot'] as const,
};
