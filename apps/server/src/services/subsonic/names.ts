import type { Repos } from '../../repos/index.ts';
import { searchKeyword } from '../search/keywords.ts';

/**
 * Artists and songs named by the words a client sends (getLyrics' artist and title, getTopSongs'
 * artist): a name matches when it is equal once folded (case, full width, accents, runs of
 * spaces) — never because it contains one of the words. The search index finds the candidates
 * (its exact-name class), every one is checked here.
 */
const EXACT_CANDIDATES = 500;
/** How a client may join several artists into one string ("A / B", Child's `artist`). */
const ARTIST_SEPARATORS = /\s*[/,;、&]\s*/;

const nameKey = (text: string): string => searchKeyword(text).trim();
const named = (key: string, names: readonly string[]): boolean => names.some((n) => nameKey(n) === key);

/** Artists named `name` (or with it as an alias), most popular first. */
export async function artistIdsNamed(repos: Repos, name: string): Promise<number[]> {
  const key = nameKey(name);
  if (!key) return [];
  const ids = await repos.search.find(100, key, 'exact', EXACT_CANDIDATES);
  const found = await repos.artists.findByIds(ids);
  return ids.filter((id) => {
    const a = found.get(id);
    return a !== undefined && named(key, [a.name, ...a.aliases]);
  });
}

/**
 * The artists a client's artist string names, one set per artist: the whole string first (a
 * name may hold a separator: "Simon & Garfunkel"), else each part of "A / B"; none when any
 * part names nobody.
 */
async function artistGroups(repos: Repos, artist: string): Promise<Set<number>[]> {
  const whole = await artistIdsNamed(repos, artist);
  if (whole.length) return [new Set(whole)];
  const parts = artist.split(ARTIST_SEPARATORS).filter((p) => nameKey(p) !== '');
  if (parts.length < 2) return [];
  const groups = await Promise.all(parts.map(async (p) => new Set(await artistIdsNamed(repos, p))));
  return groups.every((g) => g.size > 0) ? groups : [];
}

/**
 * Songs titled `title` (or with it as an alias) and, when `artist` is given, credited to every
 * artist it names; most popular first. No title names no song.
 */
export async function songIdsTitled(repos: Repos, title: string | undefined, artist: string | undefined): Promise<number[]> {
  const key = nameKey(title ?? '');
  if (!key) return [];
  let candidates: number[];
  let groups: Set<number>[] = [];
  if (artist !== undefined && nameKey(artist) !== '') {
    groups = await artistGroups(repos, artist);
    if (!groups.length) return [];
    candidates = await repos.songs.idsByArtists([...groups[0]!]);
  } else {
    candidates = await repos.search.find(1, key, 'exact', EXACT_CANDIDATES);
  }
  const songs = await repos.songs.findByIds(candidates);
  return [...songs.values()]
    .filter((s) => named(key, [s.name, ...s.aliases]) && groups.every((g) => s.artists.some((a) => g.has(a.id))))
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
    .map((s) => s.id);
}
