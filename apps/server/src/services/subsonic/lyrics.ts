import { parseLrc } from '@cloudtune/lrc';
import type { Repos } from '../../repos/index.ts';
import type { LyricRecord } from '../../repos/lyrics.ts';
import type { SongRecord } from '../../repos/songs.ts';
import { wordTimedLines } from '../../text/word-lyrics.ts';
import { notFoundError } from './errors.ts';
import { songIdsTitled } from './names.ts';

/** Demo lyrics sung in English carry a Chinese translation; a lyric's own language is not recorded. */
const MAIN_LANG = 'und';
const TRANSLATION_LANG = 'zho';

const displayArtist = (song: SongRecord): string => song.artists.map((a) => a.name).join(' / ');

/** Every timed line of an LRC, blank ones (rests) included, with its start in ms. */
const timedLines = (lrc: string) => parseLrc(lrc).map((l) => ({ start: Math.round(l.time * 1000), value: l.lyric }));

const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * The songLyrics v2 cueLines of phrase-timed LRC: each sung line's words with their times and
 * their inclusive UTF-8 byte ranges in the line's text (`index` = the line's place in `line`).
 */
function cueLines(lrc: string) {
  return wordTimedLines(lrc).map((line) => {
    let at = 0;
    const cue = line.words.map((word) => {
      const from = line.text.indexOf(word.text, at);
      const byteStart = utf8Length(line.text.slice(0, from));
      at = from + word.text.length;
      return {
        start: word.startMs,
        end: word.startMs + word.durationMs,
        byteStart,
        byteEnd: byteStart + utf8Length(word.text) - 1,
        value: word.text,
      };
    });
    return { index: line.index, start: line.startMs, end: line.startMs + line.spanMs, value: line.text, cue };
  });
}

/**
 * getLyricsBySongId's entries (OpenSubsonic songLyrics). Version 1: the lyric, timed by line.
 * Version 2 (`enhanced`): that entry as kind `main`, with word timings (cueLine) where the lines
 * are timed to the music's phrases (the demo library's — the yrc of /lyric/new), and the
 * translation as a second entry of kind `translation`. An instrumental has none.
 */
export function structuredLyrics(song: SongRecord, lyric: LyricRecord | undefined, enhanced: boolean) {
  if (!lyric) return [];
  const base = { displayArtist: displayArtist(song), displayTitle: song.name, offset: 0 };
  if (!enhanced) return [{ ...base, lang: MAIN_LANG, synced: true, line: timedLines(lyric.lrc) }];
  const cues = lyric.phraseTimed ? cueLines(lyric.lrc) : [];
  return [
    { ...base, kind: 'main', lang: MAIN_LANG, synced: true, line: timedLines(lyric.lrc), ...(cues.length ? { cueLine: cues } : {}) },
    ...(lyric.translation
      ? [{ ...base, kind: 'translation', lang: TRANSLATION_LANG, synced: true, line: timedLines(lyric.translation) }]
      : []),
  ];
}

/** Lyrics for the Subsonic API: by song (getLyricsBySongId) and by artist and title (getLyrics). */
export function createSubsonicLyrics(repos: Repos) {
  async function songOf(id: number): Promise<SongRecord> {
    const song = await repos.songs.findById(id);
    if (!song) throw notFoundError('Song');
    return song;
  }

  return {
    async bySongId(id: number, enhanced: boolean) {
      const song = await songOf(id);
      return structuredLyrics(song, await repos.lyrics.find(id), enhanced);
    },

    /**
     * getLyrics: the song with this title (and by this artist, when given), its lyric's text
     * without stamps; a title several songs share answers the most popular one with a lyric.
     * Nothing named so: an empty element.
     */
    async byArtistAndTitle(
      artist: string | undefined,
      title: string | undefined,
    ): Promise<{ artist?: string; title?: string; value?: string }> {
      const ids = await songIdsTitled(repos, title, artist);
      if (!ids.length) return {};
      const lyrics = await Promise.all(ids.map(async (id) => ({ id, lyric: await repos.lyrics.find(id) })));
      const { id, lyric } = lyrics.find((l) => l.lyric) ?? lyrics[0]!;
      const song = await songOf(id);
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
export type SubsonicLyrics = Awaited<ReturnType<typeof createSubsonicLyrics>>;
