import type { Repos } from '../../repos/index.ts';
import type { SearchKind } from '../../repos/search.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { rankedPage } from './ranking.ts';
import type { ResultLoader } from './results.ts';

/** A few of each, like NetEase's web suggestions; songs first. */
const SUGGESTED = { songs: 4, artists: 2, albums: 2, playlists: 2 } as const;
/** Completions the mobile variant offers. */
const MOBILE_KEYWORDS = 10;

/**
 * Suggestions as the user types: the best hits of each kind by the same ranking as /search
 * (a name starting with what was typed comes before one merely containing it), uncounted.
 */
export function createSuggestions(repos: Repos, load: ResultLoader) {
  const best = async (kind: SearchKind, keyword: string, n: number): Promise<number[]> =>
    keyword ? (await rankedPage(repos.search, kind, keyword, 0, n, n)).ids : [];

  return {
    /** `/search/suggest` (web): groups that found nothing are left out, `order` names the rest. */
    async web(keyword: string, urls: MediaUrls) {
      const groups = {
        songs: await load.songs(await best(1, keyword, SUGGESTED.songs), urls),
        artists: await load.artists(await best(100, keyword, SUGGESTED.artists), urls),
        albums: await load.albumRefs(await best(10, keyword, SUGGESTED.albums), urls),
        playlists: await load.playlists(await best(1000, keyword, SUGGESTED.playlists), urls),
      };
      const present = Object.entries(groups).filter(([, list]) => list.length > 0);
      const result = Object.fromEntries(present);
      return { result: present.length ? { ...result, order: present.map(([name]) => name) } : {}, code: 200 as const };
    },

    /** `/search/suggest?type=mobile`: keywords to complete to — song names, artist names, "song artist". */
    async mobile(keyword: string, urls: MediaUrls) {
      const songs = await load.songs(await best(1, keyword, SUGGESTED.songs), urls);
      const artists = await load.artists(await best(100, keyword, SUGGESTED.artists), urls);
      const keywords = new Set([
        ...songs.map((s) => s.name),
        ...artists.map((a) => a.name),
        ...songs.flatMap((s) => (s.artists[0] ? [`${s.name} ${s.artists[0].name}`] : [])),
      ]);
      const allMatch = [...keywords]
        .slice(0, MOBILE_KEYWORDS)
        .map((k) => ({ keyword: k, type: 1, alg: 'alg_search_basic', lastKeyword: '', feature: '' }));
      return { result: { allMatch }, code: 200 as const };
    },
  };
}
