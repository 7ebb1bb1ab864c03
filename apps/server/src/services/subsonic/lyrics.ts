import { parseLrc } from '@cloudtune/lrc';
import type { Repos } from '../../repos/index.ts';
import type { LyricRecord } from '../../repos/lyrics.ts';
import type { SongRecord } from '../../repos/songs.ts';
import { notFoundError } from './errors.ts';
import { songIdsTitled } from './names.ts';

/** Demo lyrics sung in English carry a Chinese translation; a lyric's own language is not recorded. */
const MAIN_LANG = 'und';
const TRANSLATION_LANG = 'zho';

const displayArtist = (song: SongRecord): string => song.artists.map((a) => a.name).join(' / ');

/** Every timed line of an LRC, blank ones (rests) included, with its start in ms. */
const timedLines = (lrc: string) => parseLrc(lrc).map((l) => ({ start: Math.round(l.time * 1000), value: l.lyric }));

/**
 * getLyricsBySongId's entries (OpenSubsonic songLyrics): the lyric, timed by line; the
 * translation as a second entry in Chinese. An instrumental has none.
 */
export function structuredLyrics(song: SongRecord, lyric: LyricRecord | undefined) {
  if (!lyric) return [];
  const base = { displayArtist: displayArtist(song), displayTitle: song.name, offset: 0 };
  return [
    { ...base, lang: MAIN_LANG, synced: true, line: timedLines(lyric.lrc) },
    ...(lyric.translation ? [{ ...base, lang: TRANSLATION_LANG, synced: true, line: timedLines(lyric.translation) }] : []),
  ];
}

/** Lyrics for the Subsonic API: by song (getLyricsBySongId) and by artist and title (getLyrics). */
export function createSubsonicLyrics(repos: Repos) {
  function songOf(id: number): SongRecord {
    const song = repos.songs.findById(id);
    if (!song) throw notFoundError('Song');
    return song;
  }

  return {
    bySongId(id: number) {
      const song = songOf(id);
      return structuredLyrics(song, repos.lyrics.find(id));
    },

    /**
     * getLyrics: the song with this title (and by this artist, when given), its lyric's text
     * without stamps; a title several songs share answers the most popular one with a lyric.
     * Nothing named so: an empty element.
     */
    byArtistAndTitle(artist: string | undefined, title: string | undefined): { artist?: string; title?: string; value?: string } {
      const ids = songIdsTitled(repos, title, artist);
      if (!ids.length) return {};
      const lyrics = ids.map((id) => ({ id, lyric: repos.lyrics.find(id) }));
      const { id, lyric } = lyrics.find((l) => l.lyric) ?? lyrics[0]!;
      const song = songOf(id);
      // Rests are blank lines between verses; none before the first line or after the last.
      const text = lyric
        ? timedLines(lyric.lrc)
            .map((l) => l.value)
            .join('\n')
            .replace(/^\n+|\n+$/g, '')
        : '';
      return { artist: displayArtist(song), title: song.name, value: text };
    },
  };
}
export type SubsonicLyrics = ReturnType<typeof createSubsonicLyrics>;
