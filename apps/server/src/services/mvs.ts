import { notFound } from '../errors.ts';
import type { Repos } from '../repos/index.ts';

/** MVs: the library holds none, so every list of them is empty — never an error for a known artist. */
export function createMvService(repos: Repos) {
  return {
    /** /artist/mv: the artist's MVs (none); 404 for an unknown artist. */
    async ofArtist(id: number) {
      if (!(await repos.artists.exists(id))) throw notFound('artist', id);
      return { code: 200 as const, mvs: [], time: 0, hasMore: false };
    },
    /** /mv/sublist: the MVs the user collected (none). */
    sublist: () => ({ code: 200 as const, data: [], count: 0, hasMore: false }),
  };
}
export type MvService = Awaited<ReturnType<typeof createMvService>>;
