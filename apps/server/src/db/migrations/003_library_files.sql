-- Imported music folders, their covers, and MP3 variants transcoded for lower bitrates.

-- One row per imported audio file (= one song). `path` is the file's absolute path (the library
-- root is resolved with realpath at import time), so importing the same folder from another
-- working directory finds the same rows. size + mtime detect changes without reading the file;
-- md5 (of the whole file, computed when it is new or changed) recognises a moved file and is
-- the ETag / `md5` that /song/url reports.
CREATE TABLE library_files (
  path        TEXT    PRIMARY KEY,
  song_id     INTEGER NOT NULL UNIQUE REFERENCES songs (id) ON DELETE CASCADE,
  size        INTEGER NOT NULL,
  mtime_ms    INTEGER NOT NULL,
  md5         TEXT    NOT NULL,
  mime_type   TEXT    NOT NULL,                -- Content-Type the media route sends
  type        TEXT    NOT NULL,                -- /song/url `type`: mp3, flac, m4a, ogg, opus, wav …
  bitrate     INTEGER NOT NULL,                -- bit/s as measured by the tag reader
  lossless    INTEGER NOT NULL DEFAULT 0,
  lyric_stamp TEXT,                            -- size:mtime of the .lrc sidecar; NULL when none
  cover_hash  TEXT,                            -- embedded picture in the cover store; NULL when none
  imported_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Artwork from a stored image (e.g. an album's embedded cover) instead of generated art.
-- `hash` names a JPEG in <data>/media/covers/ (content-addressed, shared between albums).
CREATE TABLE stored_covers (
  kind     TEXT    NOT NULL CHECK (kind IN ('album', 'artist', 'playlist')),
  owner_id INTEGER NOT NULL,
  hash     TEXT    NOT NULL,
  PRIMARY KEY (kind, owner_id)
) WITHOUT ROWID;
CREATE INDEX stored_covers_by_hash ON stored_covers (hash);

-- The owner may be deleted by any feature; its cover row goes with it.
CREATE TRIGGER albums_drop_stored_cover AFTER DELETE ON albums BEGIN
  DELETE FROM stored_covers WHERE kind = 'album' AND owner_id = OLD.id;
END;
CREATE TRIGGER artists_drop_stored_cover AFTER DELETE ON artists BEGIN
  DELETE FROM stored_covers WHERE kind = 'artist' AND owner_id = OLD.id;
END;
CREATE TRIGGER playlists_drop_stored_cover AFTER DELETE ON playlists BEGIN
  DELETE FROM stored_covers WHERE kind = 'playlist' AND owner_id = OLD.id;
END;

-- MP3s transcoded from an original at a lower bitrate, keyed by the original's md5 so a changed
-- file never serves a stale variant and identical files share one. Evicted least recently used.
CREATE TABLE transcoded_files (
  source_md5  TEXT    NOT NULL,
  bitrate     INTEGER NOT NULL,
  size        INTEGER NOT NULL,
  md5         TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  accessed_at INTEGER NOT NULL,
  PRIMARY KEY (source_md5, bitrate)
) WITHOUT ROWID;
CREATE INDEX transcoded_files_by_access ON transcoded_files (accessed_at);
