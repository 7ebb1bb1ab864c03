import { invalidParam } from './errors.ts';

/**
 * Subsonic ids are strings; Cloudtune's tables number songs, albums and artists separately, so
 * albums and artists carry a prefix: song `123`, album `al-12`, artist `ar-5`, playlist `9`. Cover
 * art ids name what is drawn: `al-12`, `ar-5`, `pl-9` (a song's cover is its album's). A bare
 * number is accepted where the kind is known from the parameter (getAlbum?id=12).
 */
export type IdKind = 'song' | 'album' | 'artist' | 'playlist';
const PREFIX = { song: '', album: 'al-', artist: 'ar-', playlist: 'pl-' } as const;

export const songId = (id: number): string => String(id);
export const albumId = (id: number): string => `al-${id}`;
export const artistId = (id: number): string => `ar-${id}`;
export const playlistId = (id: number): string => String(id);
export const playlistCover = (id: number): string => `pl-${id}`;

/** A typed id: `al-12` (or `12` where an album is meant) → 12. */
export function parseId(kind: IdKind, raw: string, param = 'id'): number {
  const text = raw.trim();
  const bare = text.startsWith(PREFIX[kind]) && PREFIX[kind] !== '' ? text.slice(PREFIX[kind].length) : text;
  if (!/^\d{1,15}$/.test(bare) || Number(bare) < 1) throw invalidParam(param, `must name a ${kind} (e.g. ${PREFIX[kind]}1)`);
  return Number(bare);
}

/** An id whose kind the prefix says (getMusicDirectory, getCoverArt): a bare number is a song. */
export function parseAnyId(raw: string, param = 'id'): { kind: IdKind; id: number } {
  const text = raw.trim();
  const m = /^(al|ar|pl)-(\d{1,15})$/.exec(text);
  if (m) {
    const kind = ({ al: 'album', ar: 'artist', pl: 'playlist' } as const)[m[1] as 'al' | 'ar' | 'pl'];
    return { kind, id: Number(m[2]) };
  }
  return { kind: 'song', id: parseId('song', text, param) };
}

/**
 * Podcast channels `pc-3` and episodes `pe-12` (numbered apart from songs, so prefixed; a bare number
 * is taken where the param says the kind): stream and download take an episode's `pe-` id beside
 * songs' ids. Internet radio stations are answered as bare numbers, as the spec shows them (nothing
 * else takes their ids); `ir-4`, their cover-art form elsewhere, is taken too.
 */
const OTHER_PREFIX = { podcastChannel: 'pc-', podcastEpisode: 'pe-', radioStation: 'ir-' } as const;
const OTHER_NAME = { podcastChannel: 'podcast channel', podcastEpisode: 'podcast episode', radioStation: 'radio station' } as const;
export type OtherKind = keyof typeof OTHER_PREFIX;

export const podcastChannelId = (id: number): string => `pc-${id}`;
export const podcastEpisodeId = (id: number): string => `pe-${id}`;
export const isPodcastEpisodeId = (raw: string): boolean => /^pe-\d{1,15}$/.test(raw.trim());

export function parseOtherId(kind: OtherKind, raw: string, param = 'id'): number {
  const text = raw.trim();
  const bare = text.startsWith(OTHER_PREFIX[kind]) ? text.slice(OTHER_PREFIX[kind].length) : text;
  if (!/^\d{1,15}$/.test(bare) || Number(bare) < 1)
    throw invalidParam(param, `must name a ${OTHER_NAME[kind]} (e.g. ${OTHER_PREFIX[kind]}1)`);
  return Number(bare);
}
