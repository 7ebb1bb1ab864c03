-- Genres of songs and albums, and the indexes Subsonic's lists and syncs page with
-- (docs/decisions/0030-genres-and-catalog-paging.md).
--
-- A song has any number of genres (its files' genre tags, or the demo album's); an album has the
-- genres of its songs. Triggers keep album_genres and the two counts on genres exact whatever
-- writes song_genres, so getGenres reads one row per genre and a genre's songs or albums are a
-- range of an index: nothing is counted or grouped when a client asks.
CREATE TABLE genres (
  id          INTEGER PRIMARY KEY,
  name        TEXT    NOT NULL UNIQUE COLLATE NOCASE,  -- 'Rock' and 'rock' are one genre
  song_count  INTEGER NOT NULL DEFAULT 0,              -- rows in song_genres (trigger-kept)
  album_count INTEGER NOT NULL DEFAULT 0               -- rows in album_genres (trigger-kept)
);

CREATE TABLE song_genres (
  song_id  INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  genre_id INTEGER NOT NULL REFERENCES genres (id),
  position INTEGER NOT NULL,                           -- the tag's order: 0 is the song's `genre`
  PRIMARY KEY (song_id, genre_id)
) WITHOUT ROWID;
CREATE INDEX song_genres_by_genre ON song_genres (genre_id, song_id);

-- Derived from song_genres by the triggers below: how many of the album's songs have the genre.
CREATE TABLE album_genres (
  album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  genre_id   INTEGER NOT NULL REFERENCES genres (id),
  song_count INTEGER NOT NULL,
  PRIMARY KEY (album_id, genre_id)
) WITHOUT ROWID;
CREATE INDEX album_genres_by_genre ON album_genres (genre_id, album_id);

CREATE TRIGGER song_genre_added AFTER INSERT ON song_genres BEGIN
  UPDATE genres SET song_count = song_count + 1 WHERE id = NEW.genre_id;
  INSERT INTO album_genres (album_id, genre_id, song_count)
    SELECT album_id, NEW.genre_id, 1 FROM songs WHERE id = NEW.song_id
    ON CONFLICT (album_id, genre_id) DO UPDATE SET song_count = song_count + 1;
END;

CREATE TRIGGER song_genre_removed AFTER DELETE ON song_genres BEGIN
  UPDATE genres SET song_count = song_count - 1 WHERE id = OLD.genre_id;
  UPDATE album_genres SET song_count = song_count - 1
    WHERE genre_id = OLD.genre_id AND album_id = (SELECT album_id FROM songs WHERE id = OLD.song_id);
  DELETE FROM album_genres
    WHERE genre_id = OLD.genre_id AND album_id = (SELECT album_id FROM songs WHERE id = OLD.song_id) AND song_count <= 0;
END;

-- A cascade would delete the song's genres after the song, when its album can no longer be found:
-- they go first.
CREATE TRIGGER song_removed_with_genres BEFORE DELETE ON songs BEGIN
  DELETE FROM song_genres WHERE song_id = OLD.id;
END;

-- A rescan may move a song to another album: its genres move with it.
CREATE TRIGGER song_moved_with_genres AFTER UPDATE OF album_id ON songs WHEN OLD.album_id <> NEW.album_id BEGIN
  UPDATE album_genres SET song_count = song_count - 1
    WHERE album_id = OLD.album_id AND genre_id IN (SELECT genre_id FROM song_genres WHERE song_id = NEW.id);
  DELETE FROM album_genres WHERE album_id = OLD.album_id AND song_count <= 0;
  INSERT INTO album_genres (album_id, genre_id, song_count)
    SELECT NEW.album_id, genre_id, 1 FROM song_genres WHERE song_id = NEW.id
    ON CONFLICT (album_id, genre_id) DO UPDATE SET song_count = song_count + 1;
END;

CREATE TRIGGER album_genre_added AFTER INSERT ON album_genres BEGIN
  UPDATE genres SET album_count = album_count + 1 WHERE id = NEW.genre_id;
END;

CREATE TRIGGER album_genre_removed AFTER DELETE ON album_genres BEGIN
  UPDATE genres SET album_count = album_count - 1 WHERE id = OLD.genre_id;
END;

-- A listener's plays of the songs a Subsonic page shows (playCount, played): a range per song.
CREATE INDEX play_records_by_user_song ON play_records (user_id, song_id, played_at) WHERE user_id IS NOT NULL;
-- getAlbumList2 alphabeticalByName walks this index (the rowid breaks ties) instead of sorting.
CREATE INDEX albums_by_name ON albums (name_latin, name);

-- Files imported before genres were read: the next scan reads each once more (an unchanged file
-- only gets its genres), since size and mtime alone would skip them.
UPDATE library_files SET mtime_ms = -1;
