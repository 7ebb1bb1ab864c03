import type { Db } from '../db/connection.ts';
import type { NewSong } from './songs.ts';

/** A song as the folder importer writes it: its audio is a file, not a synth seed. */
export type ImportedSong = Omit<NewSong, 'popularity' | 'aliases' | 'audioSeed' | 'createdAt'> & { filePath: string };

export interface SongPlacement {
  albumId: number;
  artistIds: number[];
}

/** Imported songs sit in the middle of the popularity range until play counts exist. */
const IMPORTED_POPULARITY = 50;

/**
 * The catalog writes of the music-folder importer: songs with files, their credits and lyrics,
 * and the clean-up of albums and artists a rescan leaves empty.
 */
export function createLibraryCatalogRepo(db: Db) {
  const artists = db.prepare<[], { id: number; name: string }>('SELECT id, name FROM artists');
  const albums = db.prepare<[], { id: number; artistId: number; name: string }>('SELECT id, artist_id AS artistId, name FROM albums');
  const insertSong = db.prepare(`
    INSERT INTO songs (name, name_latin, album_id, disc_no, track_no, duration_ms, popularity, aliases, file_path,
      publish_time, created_at)
    VALUES (@name, @nameLatin, @albumId, @discNo, @trackNo, @durationMs, ${IMPORTED_POPULARITY}, '[]', @filePath,
      @publishTime, @now)`);
  const updateSong = db.prepare(`
    UPDATE songs SET name = @name, name_latin = @nameLatin, album_id = @albumId, disc_no = @discNo, track_no = @trackNo,
      duration_ms = @durationMs, file_path = @filePath, publish_time = @publishTime
    WHERE id = @id`);
  const clearCredits = db.prepare('DELETE FROM song_artists WHERE song_id = ?');
  const insertCredit = db.prepare('INSERT OR IGNORE INTO song_artists (song_id, artist_id, position) VALUES (?, ?, ?)');
  const removeSong = db.prepare('DELETE FROM songs WHERE id = ?');
  const albumOf = db.prepare<[number], number>('SELECT album_id FROM songs WHERE id = ?').pluck();
  const artistsOf = db.prepare<[number], number>('SELECT artist_id FROM song_artists WHERE song_id = ? ORDER BY position').pluck();
  const currentLyric = db.prepare<[number], string>('SELECT lrc FROM lyrics WHERE song_id = ?').pluck();
  const insertLyric = db.prepare('INSERT INTO lyrics (song_id, lrc, translation, version) VALUES (?, ?, NULL, 1)');
  const updateLyric = db.prepare('UPDATE lyrics SET lrc = ?, version = version + 1 WHERE song_id = ?');
  const removeLyric = db.prepare('DELETE FROM lyrics WHERE song_id = ?');
  const pruneAlbum = db.prepare('DELETE FROM albums WHERE id = ? AND NOT EXISTS (SELECT 1 FROM songs WHERE album_id = ?)');
  const pruneArtist = db.prepare(`DELETE FROM artists WHERE id = ?
    AND NOT EXISTS (SELECT 1 FROM albums WHERE artist_id = ?) AND NOT EXISTS (SELECT 1 FROM song_artists WHERE artist_id = ?)`);
  // The album shows the cover of its first track that has one.
  const albumCover = db
    .prepare<[number], string>(
      `
    SELECT lf.cover_hash FROM songs s JOIN library_files lf ON lf.song_id = s.id
    WHERE s.album_id = ? AND lf.cover_hash IS NOT NULL ORDER BY s.disc_no, s.track_no, s.id LIMIT 1`,
    )
    .pluck();
  // Tags carry no artist photos: an artist shows the cover of their latest album that has one.
  const artistCover = db
    .prepare<[number], string>(
      `
    SELECT sc.hash FROM albums al JOIN stored_covers sc ON sc.kind = 'album' AND sc.owner_id = al.id
    WHERE al.artist_id = ? ORDER BY al.publish_time DESC, al.id DESC LIMIT 1`,
    )
    .pluck();

  const credit = (songId: number, artistIds: number[]) => {
    clearCredits.run(songId);
    artistIds.forEach((artistId, i) => insertCredit.run(songId, artistId, i));
  };

  return {
    artists: () => artists.all(),
    albums: () => albums.all(),
    insertSong(song: ImportedSong): number {
      const { artistIds, ...row } = song;
      const id = Number(insertSong.run({ ...row, now: Date.now() }).lastInsertRowid);
      credit(id, artistIds);
      return id;
    },
    updateSong(id: number, song: ImportedSong): void {
      const { artistIds, ...row } = song;
      updateSong.run({ ...row, id });
      credit(id, artistIds);
    },
    removeSong: (id: number): void => {
      removeSong.run(id);
    },
    placementOf(songId: number): SongPlacement | undefined {
      const albumId = albumOf.get(songId);
      return albumId === undefined ? undefined : { albumId, artistIds: artistsOf.all(songId) };
    },
    /** null removes the lyric (the song reads as instrumental); a changed text bumps the version. */
    setLyric(songId: number, lrc: string | null): void {
      const current = currentLyric.get(songId);
      if (lrc === null) removeLyric.run(songId);
      else if (current === undefined) insertLyric.run(songId, lrc);
      else if (current !== lrc) updateLyric.run(lrc, songId);
    },
    /** Deletes the album if no song is left on it; true when deleted. */
    pruneAlbum: (id: number): boolean => pruneAlbum.run(id, id).changes > 0,
    /** Deletes the artist if no album or song credits them any more; true when deleted. */
    pruneArtist: (id: number): boolean => pruneArtist.run(id, id, id).changes > 0,
    albumCover: (albumId: number): string | null => albumCover.get(albumId) ?? null,
    artistCover: (artistId: number): string | null => artistCover.get(artistId) ?? null,
  };
}
export type LibraryCatalogRepo = ReturnType<typeof createLibraryCatalogRepo>;
