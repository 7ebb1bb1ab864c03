-- The music catalog: people, artists, albums, songs, playlists, tags, banners.
-- Columns anticipate later issues: name_latin (pinyin / romanisation) and initial feed search and the
-- artist A–Z filter; users grows an account table beside it; play records get their own table.

CREATE TABLE app_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE users (
  id          INTEGER PRIMARY KEY,
  nickname    TEXT    NOT NULL,
  signature   TEXT    NOT NULL DEFAULT '',
  gender      INTEGER NOT NULL DEFAULT 0 CHECK (gender IN (0, 1, 2)),
  birthday    INTEGER,                        -- ms since epoch
  province    INTEGER NOT NULL DEFAULT 0,
  city        INTEGER NOT NULL DEFAULT 0,
  vip_type    INTEGER NOT NULL DEFAULT 0,
  user_type   INTEGER NOT NULL DEFAULT 0,
  is_demo     INTEGER NOT NULL DEFAULT 0,     -- created by the demo library, not a real account
  created_at  INTEGER NOT NULL
);

CREATE TABLE artists (
  id          INTEGER PRIMARY KEY,
  name        TEXT    NOT NULL,
  name_latin  TEXT    NOT NULL DEFAULT '',    -- lower-case pinyin / romanisation
  initial     TEXT    NOT NULL DEFAULT '#',   -- 'A'..'Z' or '#', for /artist/list?initial=
  trans       TEXT,                           -- translated name (NetEase `trans`, `tns`)
  aliases     TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings
  area        INTEGER NOT NULL CHECK (area IN (7, 96, 8, 16, 0)),
  type        INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
  brief_desc  TEXT    NOT NULL DEFAULT '',
  popularity  INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL
);
CREATE INDEX artists_by_filter ON artists (area, type, popularity DESC);

CREATE TABLE albums (
  id           INTEGER PRIMARY KEY,
  name         TEXT    NOT NULL,
  name_latin   TEXT    NOT NULL DEFAULT '',
  artist_id    INTEGER NOT NULL REFERENCES artists (id),
  type         TEXT    NOT NULL DEFAULT '专辑',   -- NetEase album.type: 专辑 | EP/Single | Single
  sub_type     TEXT    NOT NULL DEFAULT '录音室版',
  company      TEXT,
  description  TEXT,
  aliases      TEXT    NOT NULL DEFAULT '[]',
  publish_time INTEGER NOT NULL,
  created_at   INTEGER NOT NULL
);
CREATE INDEX albums_by_artist ON albums (artist_id, publish_time DESC);

CREATE TABLE songs (
  id           INTEGER PRIMARY KEY,
  name         TEXT    NOT NULL,
  name_latin   TEXT    NOT NULL DEFAULT '',
  album_id     INTEGER NOT NULL REFERENCES albums (id),
  disc_no      INTEGER NOT NULL DEFAULT 1,
  track_no     INTEGER NOT NULL,
  duration_ms  INTEGER NOT NULL CHECK (duration_ms > 0),
  popularity   INTEGER NOT NULL DEFAULT 0 CHECK (popularity BETWEEN 0 AND 100),
  aliases      TEXT    NOT NULL DEFAULT '[]',
  audio_seed   INTEGER,                        -- demo songs: seeds the synthesizer
  file_path    TEXT,                           -- imported songs: file inside the data dir
  publish_time INTEGER NOT NULL,
  created_at   INTEGER NOT NULL,
  CHECK (audio_seed IS NOT NULL OR file_path IS NOT NULL)
);
CREATE INDEX songs_by_album ON songs (album_id, disc_no, track_no);

CREATE TABLE song_artists (
  song_id   INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  artist_id INTEGER NOT NULL REFERENCES artists (id),
  position  INTEGER NOT NULL,
  PRIMARY KEY (song_id, artist_id)
) WITHOUT ROWID;
CREATE INDEX song_artists_by_artist ON song_artists (artist_id);

-- A song without a row here is instrumental (/lyric answers nolyric).
CREATE TABLE lyrics (
  song_id     INTEGER PRIMARY KEY REFERENCES songs (id) ON DELETE CASCADE,
  lrc         TEXT    NOT NULL,
  translation TEXT,                            -- LRC of the Chinese translation (tlyric)
  version     INTEGER NOT NULL DEFAULT 1
);

-- Encoded audio of a song once it exists on disk (demo songs are rendered on first play and
-- may be evicted, least recently played first, to keep the cache within its budget).
CREATE TABLE audio_files (
  song_id     INTEGER PRIMARY KEY REFERENCES songs (id) ON DELETE CASCADE,
  size        INTEGER NOT NULL,
  md5         TEXT    NOT NULL,
  bitrate     INTEGER NOT NULL,
  created_at  INTEGER NOT NULL,
  accessed_at INTEGER NOT NULL
);
CREATE INDEX audio_files_by_access ON audio_files (accessed_at);

CREATE TABLE tags (
  id        INTEGER PRIMARY KEY,
  name      TEXT    NOT NULL UNIQUE,
  category  INTEGER NOT NULL CHECK (category BETWEEN 0 AND 4),  -- 语种 风格 场景 情感 主题
  hot       INTEGER NOT NULL DEFAULT 0,
  position  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE playlists (
  id               INTEGER PRIMARY KEY,
  name             TEXT    NOT NULL,
  creator_id       INTEGER NOT NULL REFERENCES users (id),
  description      TEXT,
  copywriter       TEXT,
  play_count       INTEGER NOT NULL DEFAULT 0,
  subscribed_count INTEGER NOT NULL DEFAULT 0,
  share_count      INTEGER NOT NULL DEFAULT 0,
  comment_count    INTEGER NOT NULL DEFAULT 0,
  high_quality     INTEGER NOT NULL DEFAULT 0,
  special_type     INTEGER NOT NULL DEFAULT 0,  -- 5 = a user's liked songs
  privacy          INTEGER NOT NULL DEFAULT 0,
  recommend_rank   INTEGER,                     -- position in /personalized; NULL = not recommended
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL
);
CREATE INDEX playlists_by_creator ON playlists (creator_id);
CREATE INDEX playlists_by_rank ON playlists (recommend_rank) WHERE recommend_rank IS NOT NULL;

CREATE TABLE playlist_tags (
  playlist_id INTEGER NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  tag_id      INTEGER NOT NULL REFERENCES tags (id),
  position    INTEGER NOT NULL,
  PRIMARY KEY (playlist_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX playlist_tags_by_tag ON playlist_tags (tag_id);

CREATE TABLE playlist_tracks (
  playlist_id INTEGER NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  song_id     INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  added_at    INTEGER NOT NULL,
  PRIMARY KEY (playlist_id, song_id)
) WITHOUT ROWID;
CREATE INDEX playlist_tracks_in_order ON playlist_tracks (playlist_id, position);
CREATE INDEX playlist_tracks_by_song ON playlist_tracks (song_id);

CREATE TABLE banners (
  id          INTEGER PRIMARY KEY,
  target_type INTEGER NOT NULL CHECK (target_type IN (1, 10, 1000, 3000)),
  target_id   INTEGER NOT NULL DEFAULT 0,
  url         TEXT,                            -- external link (target_type 3000)
  type_title  TEXT    NOT NULL,
  title_color TEXT    NOT NULL DEFAULT 'red',
  position    INTEGER NOT NULL
);
