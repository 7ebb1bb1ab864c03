import type { Database } from '../db/database.ts';
import type { Loudness } from '../media/loudness.ts';
import type { AudioFileRecord } from './audio-files.ts';
import { idsParam, parseStringArray } from './json.ts';
import { createSongFilters } from './songs/filters.ts';
import { createSongLists } from './songs/lists.ts';

export type { ListenableSong, NewRelease } from './songs/lists.ts';
export type { IndexedSongFilter, SongFilter, SongFilters } from './songs/filters.ts';

export interface ArtistCredit {
  id: number;
  name: string;
  trans: string | null;
  aliases: string[];
}

export interface SongRecord {
  id: number;
  name: string;
  aliases: string[];
  albumId: number;
  albumName: string;
  albumAliases: string[];
  discNo: number;
  trackNo: number;
  durationMs: number;
  popularity: number;
  publishTime: number;
  audioSeed: number | null;
  artists: ArtistCredit[];
  /** the imported file's quality; null for a demo song (rendered as a 128 kbit/s MP3) */
  original: OriginalAudio | null;
  /** its loudness, null until known; its album's, null until every song of the album has one */
  loudness: Loudness | null;
  albumLoudness: Loudness | null;
}

export interface OriginalAudio {
  bitrate: number;
  lossless: boolean;
  size: number;
}

export interface NewSong {
  name: string;
  nameLatin: string;
  albumId: number;
  discNo: number;
  trackNo: number;
  durationMs: number;
  popularity: number;
  aliases: string[];
  audioSeed: number;
  publishTime: number;
  createdAt: number;
  /** credited artists, main artist first */
  artistIds: number[];
}

/** A song as the folder importer writes it: its audio is a file, not a synth seed. */
export type ImportedSong = Omit<NewSong, 'popularity' | 'aliases' | 'audioSeed' | 'createdAt'> & { filePath: string };

/** Where a song sits in the catalog: its album and credited artists (main first). */
export interface SongPlacement {
  albumId: number;
  artistIds: number[];
}

/** What the synthesizer needs to render a song. */
export interface SongRenderSource {
  id: number;
  name: string;
  durationMs: number;
  audioSeed: number | null;
  albumName: string;
  artistNames: string[];
}

/** What /song/url needs of a song: how to render it, whether it is imported, and its rendered file if any. */
export interface PlayableSong extends SongRenderSource {
  /** an imported file stands for it (library_files) */
  imported: boolean;
  /** its rendered MP3 as recorded (audio_files), or null */
  rendered: AudioFileRecord | null;
  /** as SongRecord's */
  loudness: Loudness | null;
  albumLoudness: Loudness | null;
}

export interface SongCredit {
  songId: number;
  artistId: number;
  /** 0 = the main artist */
  position: number;
}

/** Imported songs sit in the middle of the popularity range until play counts exist. */
const IMPORTED_POPULARITY = 50;

/** A song's and its album's loudness as the statements below read them (song_loudness, album_loudness). */
type LoudnessColumns = { loudness: number | null; peak: number | null; albumLoudness: number | null; albumPeak: number | null };
const LOUDNESS_COLUMNS = 'sl.loudness, sl.peak, alo.loudness AS albumLoudness, alo.peak AS albumPeak';
const LOUDNESS_JOINS = 'LEFT JOIN song_loudness sl ON sl.song_id = s.id LEFT JOIN album_loudness alo ON alo.album_id = s.album_id';
const loudnessOf = ({ loudness, peak, albumLoudness, albumPeak }: LoudnessColumns) => ({
  loudness: loudness === null ? null : { loudness, peak },
  albumLoudness: albumLoudness === null ? null : { loudness: albumLoudness, peak: albumPeak },
});

type SongRow = Omit<SongRecord, 'aliases' | 'albumAliases' | 'artists' | 'original' | 'loudness' | 'albumLoudness'> &
  LoudnessColumns & {
    aliases: string;
    albumAliases: string;
    fileBitrate: number | null;
    fileLossless: number | null;
    fileSize: number | null;
  };
type CreditRow = { songId: number; id: number; name: string; trans: string | null; aliases: string };

/**
 * Songs and their credits (songs, song_artists): every statement that reads or writes them, for
 * the NetEase and Subsonic APIs, the demo seeder and the folder importer alike. Lists of song ids
 * are in songs/lists.ts, the filtered draws in songs/filters.ts.
 */
export function createSongRepo(db: Database) {
  const byIds = db.prepare<[string], SongRow>(`
    SELECT s.id, s.name, s.aliases, s.album_id AS albumId, al.name AS albumName, al.aliases AS albumAliases,
      s.disc_no AS discNo, s.track_no AS trackNo, s.duration_ms AS durationMs, s.popularity,
      s.publish_time AS publishTime, s.audio_seed AS audioSeed,
      lf.bitrate AS fileBitrate, lf.lossless AS fileLossless, lf.size AS fileSize, ${LOUDNESS_COLUMNS}
    FROM songs s JOIN albums al ON al.id = s.album_id LEFT JOIN library_files lf ON lf.song_id = s.id ${LOUDNESS_JOINS}
    WHERE s.id IN (SELECT value FROM json_each(?))`);
  const creditsOf = db.prepare<[string], CreditRow>(`
    SELECT sa.song_id AS songId, a.id, a.name, a.trans, a.aliases
    FROM song_artists sa JOIN artists a ON a.id = sa.artist_id
    WHERE sa.song_id IN (SELECT value FROM json_each(?))
    ORDER BY sa.song_id, sa.position`);
  const credits = db.prepare<[string], SongCredit>(
    'SELECT song_id AS songId, artist_id AS artistId, position FROM song_artists WHERE song_id IN (SELECT value FROM json_each(?))',
  );
  const insertSong = db.prepare(`
    INSERT INTO songs (name, name_latin, album_id, disc_no, track_no, duration_ms, popularity, aliases,
      audio_seed, publish_time, created_at)
    VALUES (@name, @nameLatin, @albumId, @discNo, @trackNo, @durationMs, @popularity, @aliases,
      @audioSeed, @publishTime, @createdAt)`);
  const insertImported = db.prepare(`
    INSERT INTO songs (name, name_latin, album_id, disc_no, track_no, duration_ms, popularity, aliases, file_path,
      publish_time, created_at)
    VALUES (@name, @nameLatin, @albumId, @discNo, @trackNo, @durationMs, ${IMPORTED_POPULARITY}, '[]', @filePath,
      @publishTime, @now)`);
  const updateImported = db.prepare(`
    UPDATE songs SET name = @name, name_latin = @nameLatin, album_id = @albumId, disc_no = @discNo, track_no = @trackNo,
      duration_ms = @durationMs, file_path = @filePath, publish_time = @publishTime
    WHERE id = @id`);
  const insertCredit = db.prepare('INSERT INTO song_artists (song_id, artist_id, position) VALUES (?, ?, ?)');
  const clearCredits = db.prepare('DELETE FROM song_artists WHERE song_id = ?');
  const insertCreditOnce = db.prepare('INSERT INTO song_artists (song_id, artist_id, position) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const removeSong = db.prepare('DELETE FROM songs WHERE id = ?');
  const albumOf = db.prepare<[number], number>('SELECT album_id FROM songs WHERE id = ?').pluck();
  const artistsOf = db.prepare<[number], number>('SELECT artist_id FROM song_artists WHERE song_id = ? ORDER BY position').pluck();
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM songs WHERE id = ?').pluck();
  const count = db.prepare<[], number>('SELECT COUNT(*) FROM songs').pluck();
  // What the synthesizer needs of a song (SongRenderSource), its artists' names as a JSON array.
  const RENDER_SOURCE = `s.id, s.name, s.duration_ms AS durationMs, s.audio_seed AS audioSeed, al.name AS albumName,
      (SELECT json_group_array(a.name) FROM (SELECT a.name FROM song_artists sa JOIN artists a ON a.id = sa.artist_id
        WHERE sa.song_id = s.id ORDER BY sa.position) a) AS artistNames`;
  const renderSource = db.prepare<[number], Omit<SongRenderSource, 'artistNames'> & { artistNames: string | null }>(`
    SELECT ${RENDER_SOURCE} FROM songs s JOIN albums al ON al.id = s.album_id WHERE s.id = ?`);

  // One statement for a whole /song/url list: the song, its artists' names, its files.
  const playables = db.prepare<
    [string],
    Omit<SongRenderSource, 'artistNames'> &
      LoudnessColumns & {
        artistNames: string | null;
        imported: number;
        renderedSize: number | null;
        renderedMd5: string | null;
        renderedBitrate: number | null;
      }
  >(`
    SELECT ${RENDER_SOURCE},
      lf.song_id IS NOT NULL AS imported,
      af.size AS renderedSize, af.md5 AS renderedMd5, af.bitrate AS renderedBitrate, ${LOUDNESS_COLUMNS}
    FROM songs s JOIN albums al ON al.id = s.album_id
      LEFT JOIN library_files lf ON lf.song_id = s.id LEFT JOIN audio_files af ON af.song_id = s.id ${LOUDNESS_JOINS}
    WHERE s.id IN (SELECT value FROM json_each(?))`);

  /** Replaces an imported song's credits (a tag may name an artist twice: once is kept). */
  const credit = async (songId: number, artistIds: number[]) => {
    await clearCredits.run(songId);
    for (const [i, artistId] of artistIds.entries()) await insertCreditOnce.run(songId, artistId, i);
  };

  return {
    ...createSongLists(db),
    ...createSongFilters(db),

    /** The songs that exist among `ids`, keyed by id (callers decide the order). */
    async findByIds(ids: readonly number[]): Promise<Map<number, SongRecord>> {
      if (ids.length === 0) return new Map();
      const param = idsParam(ids);
      const artistsBySong = new Map<number, ArtistCredit[]>();
      for (const c of await creditsOf.all(param)) {
        const list = artistsBySong.get(c.songId) ?? [];
        list.push({ id: c.id, name: c.name, trans: c.trans, aliases: parseStringArray(c.aliases) });
        artistsBySong.set(c.songId, list);
      }
      return new Map(
        (await byIds.all(param)).map(({ fileBitrate, fileLossless, fileSize, loudness, peak, albumLoudness, albumPeak, ...r }) => [
          r.id,
          {
            ...r,
            ...loudnessOf({ loudness, peak, albumLoudness, albumPeak }),
            aliases: parseStringArray(r.aliases),
            albumAliases: parseStringArray(r.albumAliases),
            artists: artistsBySong.get(r.id) ?? [],
            original: fileBitrate === null ? null : { bitrate: fileBitrate, lossless: fileLossless === 1, size: fileSize ?? 0 },
          },
        ]),
      );
    },
    async findById(id: number): Promise<SongRecord | undefined> {
      return (await this.findByIds([id])).get(id);
    },
    exists: async (id: number): Promise<boolean> => (await existsStmt.get(id)) !== undefined,
    /** How many songs the catalog holds. */
    count: async (): Promise<number> => (await count.get()) ?? 0,
    /** Every credit of the songs: which artists, in which position. */
    credits: async (songIds: readonly number[]): Promise<SongCredit[]> => (songIds.length ? await credits.all(idsParam(songIds)) : []),
    /** What the synthesizer needs to render a song, or undefined for an unknown id. */
    async renderSource(songId: number): Promise<SongRenderSource | undefined> {
      const row = await renderSource.get(songId);
      return row && { ...row, artistNames: parseStringArray(row.artistNames) };
    },
    /** The songs that exist among `ids` as /song/url needs them, keyed by id. */
    async playables(ids: readonly number[]): Promise<Map<number, PlayableSong>> {
      if (ids.length === 0) return new Map();
      const rows = await playables.all(idsParam(ids));
      return new Map(
        rows.map(({ imported, renderedSize, renderedMd5, renderedBitrate, loudness, peak, albumLoudness, albumPeak, ...r }) => [
          r.id,
          {
            ...r,
            ...loudnessOf({ loudness, peak, albumLoudness, albumPeak }),
            artistNames: parseStringArray(r.artistNames),
            imported: imported === 1,
            rendered:
              renderedSize === null || renderedMd5 === null || renderedBitrate === null
                ? null
                : { songId: r.id, size: renderedSize, md5: renderedMd5, bitrate: renderedBitrate },
          },
        ]),
      );
    },
    /** A generated (demo) song and its credits. */
    async insert(song: NewSong): Promise<number> {
      const { artistIds, ...row } = song;
      const id = Number((await insertSong.run({ ...row, aliases: JSON.stringify(row.aliases) })).lastInsertId);
      for (const [i, artistId] of artistIds.entries()) await insertCredit.run(id, artistId, i);
      return id;
    },
    /** An imported song and its credits. */
    async insertImported(song: ImportedSong): Promise<number> {
      const { artistIds, ...row } = song;
      const id = Number((await insertImported.run({ ...row, now: Date.now() })).lastInsertId);
      await credit(id, artistIds);
      return id;
    },
    /** An imported song read again: its fields and credits as the file says now. */
    async updateImported(id: number, song: ImportedSong): Promise<void> {
      const { artistIds, ...row } = song;
      await updateImported.run({ ...row, id });
      await credit(id, artistIds);
    },
    /** Deletes the song; its credits, lyric and file row go with it (foreign keys). */
    remove: async (id: number): Promise<void> => {
      await removeSong.run(id);
    },
    async placementOf(songId: number): Promise<SongPlacement | undefined> {
      const albumId = await albumOf.get(songId);
      return albumId === undefined ? undefined : { albumId, artistIds: await artistsOf.all(songId) };
    },
  };
}
export type SongRepo = Awaited<ReturnType<typeof createSongRepo>>;
