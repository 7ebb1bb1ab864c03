import type { Repos } from '../../repos/index.ts';
import type { KeywordCount } from '../../repos/search-keywords.ts';
import { libraryClock } from '../charts/clock.ts';
import { DAY_MS, WEEK_MS } from '../charts/ranking.ts';
import { searchKeyword } from './keywords.ts';

/** How often counted searches are written, and how long a computed hot list is served. */
export const HOT_FLUSH_EVERY_MS = 2000;
/** Entries of /search/hot and /search/hot/detail. */
export const HOT_SIZE = 20;
/** One search shows as much interest as this many plays. */
export const SEARCH_HEAT = 10;
/** A keyword searched fewer times in the week is not listed for its searches (one person's typing stays private). */
const MIN_SEARCHES = 3;
/**
 * An artist's plays are those of all their songs: a quarter of them counts as interest in the
 * artist's name (the demo's best-liked artists then sit among its best-liked songs instead of
 * above all of them), and at most half the list are artists.
 */
const ARTIST_SHARE = 0.25;
const MAX_ARTISTS = HOT_SIZE / 2;
/** Entries marked HOT (iconType 1). */
const MARKED = 3;
/** Distinct keywords counted between two writes, and kept per day; beyond, new keywords are not counted. */
const MAX_PENDING_KEYWORDS = 1000;
const MAX_KEYWORDS_PER_DAY = 10_000;
const KEEP_DAYS = 14;

export interface HotEntry {
  /** what to search for */
  word: string;
  heat: number;
  /** a line under the word: a song's artists, 歌手 for an artist */
  content: string;
  iconType: 0 | 1;
  alg: 'alg_hot_song' | 'alg_hot_artist' | 'alg_hot_searched';
}

/** The keyword a search is counted under: the typed text without control characters, single-spaced. */
// eslint-disable-next-line no-control-regex
const shownForm = (typed: string): string => typed.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();

/**
 * 热搜: what people searched for and played in the last seven days. A search is only counted in
 * memory (reads never write); `flush()` adds the counts to search_keywords on a timer — each
 * process its own, the database adding them up. The list
 * merges the most searched keywords (each search worth SEARCH_HEAT plays), the most played songs
 * and the artists whose songs were played most; a song, an artist and a keyword that fold alike
 * are one entry, their heat added up.
 */
export async function createHotSearches(repos: Repos) {
  const now = await libraryClock(repos.meta);
  const pending = new Map<string, { shown: string; count: number }>();
  /** Date.now() of the first search counted since the last write */
  let pendingSince = 0;
  let computed: { at: number; version: string; list: HotEntry[] } | undefined;

  async function compute(): Promise<HotEntry[]> {
    const at = now();
    const today = Math.floor(at / DAY_MS);
    const entries = new Map<string, Omit<HotEntry, 'iconType'>>();
    const add = (word: string, heat: number, content: string, alg: HotEntry['alg']) => {
      const key = searchKeyword(word);
      const entry = entries.get(key);
      if (!entry) entries.set(key, { word, heat, content, alg });
      else entry.heat += heat;
    };
    // Catalog names first: their spelling is the one shown.
    for (const s of await repos.plays.mostPlayedSongs(at - WEEK_MS, at + 1, HOT_SIZE)) add(s.name, s.plays, s.artists, 'alg_hot_song');
    for (const a of await repos.plays.mostPlayedArtists(at - WEEK_MS, at + 1, MAX_ARTISTS))
      add(a.name, Math.round(a.plays * ARTIST_SHARE), '歌手', 'alg_hot_artist');
    for (const k of await repos.searchKeywords.top(today - 6, MIN_SEARCHES, HOT_SIZE))
      add(k.shown, k.searches * SEARCH_HEAT, '', 'alg_hot_searched');
    return [...entries.values()]
      .sort((a, b) => b.heat - a.heat || a.word.localeCompare(b.word))
      .slice(0, HOT_SIZE)
      .map((e, i) => ({ ...e, iconType: i < MARKED ? 1 : 0 }));
  }

  return {
    /** Counts a search that found something (its first page); written by the next flush(). */
    count(typed: string): void {
      const keyword = searchKeyword(typed);
      if (pending.size === 0) pendingSince = Date.now();
      const entry = pending.get(keyword);
      if (entry) {
        entry.count++;
        entry.shown = shownForm(typed);
      } else if (keyword && pending.size < MAX_PENDING_KEYWORDS) pending.set(keyword, { shown: shownForm(typed), count: 1 });
    },

    /**
     * Writes the searches counted since the last flush once the first of them is half a period
     * old (a search is never followed by a write at once), or `atOnce` (closing). They are kept
     * for the next flush if the database is busy.
     */
    async flush(atOnce = false): Promise<void> {
      if (pending.size === 0 || (!atOnce && Date.now() - pendingSince < HOT_FLUSH_EVERY_MS / 2)) return;
      const counts: KeywordCount[] = [...pending].map(([keyword, { shown, count }]) => ({ keyword, shown, count }));
      const today = Math.floor(now() / DAY_MS);
      if (!(await repos.searchKeywords.add(today, counts, MAX_KEYWORDS_PER_DAY, today - KEEP_DAYS))) return;
      pending.clear();
      computed = undefined;
    },

    /**
     * The hot list, computed again once HOT_FLUSH_EVERY_MS old or once the database changed (a
     * play or a flush by any process: no list older than a write another process acknowledged).
     */
    async list(): Promise<HotEntry[]> {
      const version = await repos.meta.version();
      if (!computed || computed.version !== version || Date.now() - computed.at >= HOT_FLUSH_EVERY_MS) {
        computed = { at: Date.now(), version, list: await compute() };
      }
      return computed.list;
    },
  };
}
export type HotSearches = Awaited<ReturnType<typeof createHotSearches>>;
