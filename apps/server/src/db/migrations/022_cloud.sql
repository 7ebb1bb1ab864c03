-- The cloud drive (我的音乐云盘): audio files users upload, each a song only its owner can play
-- (docs/decisions/0016-cloud-drive.md).
--
-- The bytes live once per content at <data>/media/cloud/<sha256[0:2]>/<sha256>.<type>; a row is
-- one user's song over that file. Several users uploading the same bytes share the file, and one
-- user uploading it twice gets the same row (UNIQUE (user_id, sha256)). A row is written only
-- after its file has been renamed into place, so a crash leaves at worst an unreferenced file,
-- which start-up deletes.
--
-- Ids are their own space, far above the catalog's (NetEase-sized, below 10^10): a cloud id never
-- names a catalog song, and AUTOINCREMENT never hands a deleted song's id (and its media URL) to
-- another upload.
CREATE TABLE cloud_songs (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sha256       TEXT    NOT NULL CHECK (length(sha256) = 64),
  md5          TEXT    NOT NULL,             -- /song/url's md5
  file_name    TEXT    NOT NULL,             -- the name the file had on the user's machine; shown only
  file_size    INTEGER NOT NULL CHECK (file_size > 0),
  name         TEXT    NOT NULL,             -- from the tags, else the file name
  artist       TEXT    NOT NULL,
  album        TEXT    NOT NULL,
  duration_ms  INTEGER NOT NULL,
  bitrate      INTEGER NOT NULL,             -- bit/s
  lossless     INTEGER NOT NULL DEFAULT 0 CHECK (lossless IN (0, 1)),
  type         TEXT    NOT NULL,             -- mp3, flac, ogg, opus, m4a, aac, wav (what the bytes are)
  mime_type    TEXT    NOT NULL,
  added_at     INTEGER NOT NULL,             -- ms, real time
  UNIQUE (user_id, sha256)
);
CREATE INDEX cloud_songs_by_user ON cloud_songs (user_id, added_at DESC, id DESC);
CREATE INDEX cloud_songs_by_hash ON cloud_songs (sha256);

-- The first cloud id is 10^12 + 1.
INSERT INTO sqlite_sequence (name, seq) VALUES ('cloud_songs', 1000000000000);
