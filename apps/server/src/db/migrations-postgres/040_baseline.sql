-- The PostgreSQL schema as SQLite's migrations 001–040 leave it (apps/server/src/db/migrations/):
-- the same tables, columns, constraints, indexes and seed rows, so every repository reads and
-- writes the same values on either engine. Applying this file records each of those migrations
-- as applied (db/migrate-postgres.ts); a later migration is a pair, one file per engine under the
-- same number. What each table and column means is told beside it in SQLite's migrations.
--
-- Rules of the translation:
-- - INTEGER is BIGINT (ms timestamps, NetEase-sized ids); REAL is DOUBLE PRECISION; a flag stays
--   an integer 0/1 with its CHECK, as SQLite has it, so no repository converts booleans.
-- - An `id INTEGER PRIMARY KEY` (SQLite's rowid, assigned when an insert leaves it out) is an
--   identity column. Seeds and imports also insert explicit ids: after every insert,
--   advance_id_sequence() moves the sequence past the largest id inserted, as SQLite's next rowid
--   is always past the largest.
-- - COLLATE NOCASE names the `nocase` collation created here (unquoted names fold to lower
--   case), so the repositories' `= ? COLLATE NOCASE` and the unique indexes read the same on both.
-- - SQLite's scalar functions the repositories call that PostgreSQL lacks exist under their
--   SQLite names with SQLite's meaning (below, before the tables).
-- - The search index (SQLite's search_* tables, views and triggers, migrations 002, 007–009) is
--   not here: PostgreSQL searches with pg_trgm, in a schema of its own.
-- - artists.initial is not derived by a trigger: SQLite's calls name_initial(), a JavaScript
--   function registered on the connection (db/text-functions.ts), which PostgreSQL cannot call.

-- Case-insensitive equality for every script (SQLite's NOCASE folds A–Z only): 'Rock' = 'rock',
-- 'ＲＯＣＫ' = 'rock'; accents still differ. Nondeterministic: LIKE cannot use it.
CREATE COLLATION nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);

-- SQLite's multi-argument max() and min(): the largest (smallest) argument, NULL when any is NULL
-- (GREATEST and LEAST skip NULLs). The one-argument aggregates are PostgreSQL's own.
CREATE FUNCTION max(a anycompatible, b anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN a IS NULL OR b IS NULL THEN NULL WHEN a >= b THEN a ELSE b END $$;
CREATE FUNCTION min(a anycompatible, b anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN a IS NULL OR b IS NULL THEN NULL WHEN a <= b THEN a ELSE b END $$;

-- SQLite's comparisons are integers, so SUM(played_at >= ?) counts the rows where it holds; here a
-- comparison is a boolean, and this sum(boolean) counts the true ones (NULL over no row or only
-- NULLs, as SUM is).
CREATE FUNCTION sum_true_step(total bigint, holds boolean) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN holds IS NULL THEN total ELSE coalesce(total, 0) + holds::int END $$;
CREATE AGGREGATE sum(boolean) (SFUNC = sum_true_step, STYPE = bigint);

-- `id IN (SELECT value FROM json_each(?))`: the repositories bind a list of ids as one JSON array
-- text (repos/json.ts idsParam). This json_each takes that text and yields each element as a
-- BIGINT `value`, so the comparison with an id column keeps its index; a lone number is one row,
-- as in SQLite. PostgreSQL's own json_each(json), of objects, is untouched (a text or untyped
-- argument picks this one).
CREATE FUNCTION json_each(ids text) RETURNS TABLE (value bigint)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 20
  AS $$
    SELECT e::bigint FROM json_array_elements_text(
      CASE json_typeof(ids::json) WHEN 'array' THEN ids::json ELSE json_build_array(ids::json) END) AS e
  $$;

-- SQLite's json_group_array(x): the group's values as a JSON array text ('[]' for none), in the
-- aggregate's order. (PostgreSQL's json_agg answers a json value, which the driver would parse.)
CREATE FUNCTION json_group_array_text(items anycompatiblearray) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_json(items)::text $$;
CREATE AGGREGATE json_group_array(anycompatible) (
  SFUNC = array_append, STYPE = anycompatiblearray, INITCOND = '{}', FINALFUNC = json_group_array_text);

-- SQLite's strftime(format, seconds, 'unixepoch'): a Unix time in seconds, formatted in UTC. The
-- formats the repositories use (%Y %m %d %H %M %S %j %w %%) and the one modifier, 'unixepoch';
-- anything else is an error rather than a wrong answer.
CREATE FUNCTION strftime(format text, seconds double precision, modifier text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t timestamp := to_timestamp(seconds) AT TIME ZONE 'UTC';
  answer text := '';
  i int := 1;
  c text;
BEGIN
  IF modifier IS DISTINCT FROM 'unixepoch' THEN
    RAISE EXCEPTION 'strftime: only the unixepoch modifier is supported, not %', modifier;
  END IF;
  IF format IS NULL OR seconds IS NULL THEN
    RETURN NULL;
  END IF;
  WHILE i <= length(format) LOOP
    c := substr(format, i, 1);
    IF c <> '%' THEN
      answer := answer || c;
    ELSE
      i := i + 1;
      answer := answer || CASE substr(format, i, 1)
        WHEN 'Y' THEN to_char(t, 'YYYY')
        WHEN 'm' THEN to_char(t, 'MM')
        WHEN 'd' THEN to_char(t, 'DD')
        WHEN 'H' THEN to_char(t, 'HH24')
        WHEN 'M' THEN to_char(t, 'MI')
        WHEN 'S' THEN to_char(t, 'SS')
        WHEN 'j' THEN to_char(t, 'DDD')
        WHEN 'w' THEN extract(dow FROM t)::int::text
        WHEN '%' THEN '%'
      END;
      IF answer IS NULL THEN
        RAISE EXCEPTION 'strftime: unsupported format %', format;
      END IF;
    END IF;
    i := i + 1;
  END LOOP;
  RETURN answer;
END $$;

-- repos/meta.ts reads `(SELECT data_version FROM pragma_data_version) || '.' || total_changes()`:
-- a text that moves whenever anything in the database is written, by anyone. The WAL insert
-- position moves with every write, committed or not, of every session (and with other databases
-- of the cluster and maintenance too: a cached answer is then rebuilt for nothing, never served
-- stale), so it stands for both and total_changes() adds nothing.
CREATE VIEW pragma_data_version AS SELECT pg_current_wal_insert_lsn()::text AS data_version;
CREATE FUNCTION total_changes() RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$;

-- Keeps an identity sequence ahead of explicit ids (see the rules above). Statement-level, over
-- the rows the statement inserted; an id the sequence handed out is never past it, so only an
-- explicit one moves it. The advisory lock (per sequence, released at commit) makes the read and
-- the move one step when two sessions insert explicit ids at once.
CREATE FUNCTION advance_id_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seq regclass := pg_get_serial_sequence(format('%I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME), 'id')::regclass;
  top bigint;
  next_id bigint;
BEGIN
  SELECT max(id) INTO top FROM inserted;
  IF top IS NULL THEN
    RETURN NULL;
  END IF;
  FOR attempt IN 1..2 LOOP
    SELECT coalesce(pg_sequence_last_value(seq) + s.seqincrement, s.seqstart) INTO next_id
      FROM pg_sequence s WHERE s.seqrelid = seq;
    EXIT WHEN top < next_id;
    IF attempt = 1 THEN
      PERFORM pg_advisory_xact_lock(1668575348, seq::oid::int);
    ELSE
      PERFORM setval(seq, top);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TABLE app_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  id                 BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  nickname           TEXT    NOT NULL,
  signature          TEXT    NOT NULL DEFAULT '',
  gender             BIGINT  NOT NULL DEFAULT 0 CHECK (gender IN (0, 1, 2)),
  birthday           BIGINT,
  province           BIGINT  NOT NULL DEFAULT 0,
  city               BIGINT  NOT NULL DEFAULT 0,
  vip_type           BIGINT  NOT NULL DEFAULT 0,
  user_type          BIGINT  NOT NULL DEFAULT 0,
  is_demo            BIGINT  NOT NULL DEFAULT 0,
  created_at         BIGINT  NOT NULL,
  country_code       TEXT    NOT NULL DEFAULT '86',
  phone              TEXT,
  email              TEXT,
  password_hash      TEXT,
  avatar_hash        TEXT,
  play_record_public BIGINT  NOT NULL DEFAULT 1 CHECK (play_record_public IN (0, 1)),
  is_admin           BIGINT  NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  login_disabled     BIGINT  NOT NULL DEFAULT 0 CHECK (login_disabled IN (0, 1)),
  podcast_role       BIGINT  NOT NULL DEFAULT 0 CHECK (podcast_role IN (0, 1))
);
CREATE UNIQUE INDEX users_by_phone ON users (country_code, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX users_by_email ON users (email COLLATE nocase) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_by_nickname ON users (nickname COLLATE nocase);
CREATE INDEX users_by_avatar ON users (avatar_hash) WHERE avatar_hash IS NOT NULL;

CREATE TABLE artists (
  id          BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name        TEXT    NOT NULL,
  name_latin  TEXT    NOT NULL DEFAULT '',
  initial     TEXT    NOT NULL DEFAULT '#',
  trans       TEXT,
  aliases     TEXT    NOT NULL DEFAULT '[]',
  area        BIGINT  NOT NULL CHECK (area IN (7, 96, 8, 16, 0)),
  type        BIGINT  NOT NULL CHECK (type IN (1, 2, 3)),
  brief_desc  TEXT    NOT NULL DEFAULT '',
  popularity  BIGINT  NOT NULL DEFAULT 0,
  created_at  BIGINT  NOT NULL,
  independent BIGINT  NOT NULL DEFAULT 0 CHECK (independent IN (0, 1))
);
CREATE INDEX artists_by_filter ON artists (area, type, popularity DESC);
CREATE INDEX artists_by_initial ON artists (initial, popularity DESC);

CREATE TABLE albums (
  id           BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name         TEXT    NOT NULL,
  name_latin   TEXT    NOT NULL DEFAULT '',
  artist_id    BIGINT  NOT NULL REFERENCES artists (id),
  type         TEXT    NOT NULL DEFAULT '专辑',
  sub_type     TEXT    NOT NULL DEFAULT '录音室版',
  company      TEXT,
  description  TEXT,
  aliases      TEXT    NOT NULL DEFAULT '[]',
  publish_time BIGINT  NOT NULL,
  created_at   BIGINT  NOT NULL
);
CREATE INDEX albums_by_artist ON albums (artist_id, publish_time DESC);
CREATE INDEX albums_by_name ON albums (name_latin, name);

CREATE TABLE songs (
  id           BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name         TEXT    NOT NULL,
  name_latin   TEXT    NOT NULL DEFAULT '',
  album_id     BIGINT  NOT NULL REFERENCES albums (id),
  disc_no      BIGINT  NOT NULL DEFAULT 1,
  track_no     BIGINT  NOT NULL,
  duration_ms  BIGINT  NOT NULL CHECK (duration_ms > 0),
  popularity   BIGINT  NOT NULL DEFAULT 0 CHECK (popularity BETWEEN 0 AND 100),
  aliases      TEXT    NOT NULL DEFAULT '[]',
  audio_seed   BIGINT,
  file_path    TEXT,
  publish_time BIGINT  NOT NULL,
  created_at   BIGINT  NOT NULL,
  CHECK (audio_seed IS NOT NULL OR file_path IS NOT NULL)
);
CREATE INDEX songs_by_album ON songs (album_id, disc_no, track_no);
CREATE INDEX songs_by_publish_time ON songs (publish_time);

CREATE TABLE song_artists (
  song_id   BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  artist_id BIGINT NOT NULL REFERENCES artists (id),
  position  BIGINT NOT NULL,
  PRIMARY KEY (song_id, artist_id)
);
CREATE INDEX song_artists_by_artist ON song_artists (artist_id);

CREATE TABLE lyrics (
  song_id     BIGINT PRIMARY KEY REFERENCES songs (id) ON DELETE CASCADE,
  lrc         TEXT   NOT NULL,
  translation TEXT,
  version     BIGINT NOT NULL DEFAULT 1
);

CREATE TABLE audio_files (
  song_id     BIGINT PRIMARY KEY REFERENCES songs (id) ON DELETE CASCADE,
  size        BIGINT NOT NULL,
  md5         TEXT   NOT NULL,
  bitrate     BIGINT NOT NULL,
  created_at  BIGINT NOT NULL,
  accessed_at BIGINT NOT NULL
);
CREATE INDEX audio_files_by_access ON audio_files (accessed_at);

CREATE TABLE tags (
  id       BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name     TEXT   NOT NULL UNIQUE,
  category BIGINT NOT NULL CHECK (category BETWEEN 0 AND 4),
  hot      BIGINT NOT NULL DEFAULT 0,
  position BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE playlists (
  id               BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name             TEXT   NOT NULL,
  creator_id       BIGINT NOT NULL REFERENCES users (id),
  description      TEXT,
  copywriter       TEXT,
  play_count       BIGINT NOT NULL DEFAULT 0,
  subscribed_count BIGINT NOT NULL DEFAULT 0,
  share_count      BIGINT NOT NULL DEFAULT 0,
  comment_count    BIGINT NOT NULL DEFAULT 0,
  high_quality     BIGINT NOT NULL DEFAULT 0,
  special_type     BIGINT NOT NULL DEFAULT 0,
  privacy          BIGINT NOT NULL DEFAULT 0,
  recommend_rank   BIGINT,
  created_at       BIGINT NOT NULL,
  updated_at       BIGINT NOT NULL
);
CREATE INDEX playlists_by_creator ON playlists (creator_id);
CREATE INDEX playlists_by_rank ON playlists (recommend_rank) WHERE recommend_rank IS NOT NULL;
CREATE INDEX playlists_high_quality ON playlists (updated_at DESC, id DESC) WHERE high_quality = 1;
CREATE INDEX playlists_by_creator_time ON playlists (creator_id, created_at);

CREATE TABLE playlist_tags (
  playlist_id BIGINT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  tag_id      BIGINT NOT NULL REFERENCES tags (id),
  position    BIGINT NOT NULL,
  PRIMARY KEY (playlist_id, tag_id)
);
CREATE INDEX playlist_tags_by_tag ON playlist_tags (tag_id);

CREATE TABLE playlist_tracks (
  playlist_id BIGINT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  song_id     BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  position    BIGINT NOT NULL,
  added_at    BIGINT NOT NULL,
  PRIMARY KEY (playlist_id, song_id)
);
CREATE INDEX playlist_tracks_in_order ON playlist_tracks (playlist_id, position);
CREATE INDEX playlist_tracks_by_song ON playlist_tracks (song_id);

CREATE TABLE banners (
  id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  target_type BIGINT NOT NULL CHECK (target_type IN (1, 10, 1000, 3000)),
  target_id   BIGINT NOT NULL DEFAULT 0,
  url         TEXT,
  type_title  TEXT   NOT NULL,
  title_color TEXT   NOT NULL DEFAULT 'red',
  position    BIGINT NOT NULL
);

CREATE TABLE library_files (
  path        TEXT   PRIMARY KEY,
  song_id     BIGINT NOT NULL UNIQUE REFERENCES songs (id) ON DELETE CASCADE,
  size        BIGINT NOT NULL,
  mtime_ms    BIGINT NOT NULL,
  md5         TEXT   NOT NULL,
  mime_type   TEXT   NOT NULL,
  type        TEXT   NOT NULL,
  bitrate     BIGINT NOT NULL,
  lossless    BIGINT NOT NULL DEFAULT 0,
  lyric_stamp TEXT,
  cover_hash  TEXT,
  imported_at BIGINT NOT NULL,
  sample_rate BIGINT,
  channels    BIGINT,
  bit_depth   BIGINT
);

CREATE TABLE stored_covers (
  kind     TEXT   NOT NULL CHECK (kind IN ('album', 'artist', 'playlist')),
  owner_id BIGINT NOT NULL,
  hash     TEXT   NOT NULL,
  PRIMARY KEY (kind, owner_id)
);
CREATE INDEX stored_covers_by_hash ON stored_covers (hash);

CREATE TABLE play_records (
  id        BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  song_id   BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  user_id   BIGINT REFERENCES users (id) ON DELETE SET NULL,
  source_id BIGINT NOT NULL DEFAULT 0,
  played_at BIGINT NOT NULL,
  seconds   BIGINT NOT NULL DEFAULT 0 CHECK (seconds >= 0)
);
CREATE INDEX play_records_by_time ON play_records (played_at, song_id);
CREATE INDEX play_records_by_song ON play_records (song_id, played_at);
CREATE INDEX play_records_by_user ON play_records (user_id, played_at) WHERE user_id IS NOT NULL;
CREATE INDEX play_records_by_user_song ON play_records (user_id, song_id, played_at) WHERE user_id IS NOT NULL;

CREATE TABLE charts (
  playlist_id  BIGINT PRIMARY KEY REFERENCES playlists (id) ON DELETE CASCADE,
  kind         TEXT   NOT NULL UNIQUE,
  computed_at  BIGINT NOT NULL DEFAULT 0,
  last_play_id BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
  id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  token_hash TEXT   NOT NULL UNIQUE,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

CREATE TABLE captchas (
  country_code TEXT   NOT NULL,
  phone        TEXT   NOT NULL,
  code         TEXT   NOT NULL,
  sent_at      BIGINT NOT NULL,
  expires_at   BIGINT NOT NULL,
  failures     BIGINT NOT NULL DEFAULT 0,
  purpose      TEXT   NOT NULL DEFAULT 'login' CHECK (purpose IN ('login', 'reset')),
  PRIMARY KEY (country_code, phone)
);

CREATE TABLE daily_signins (
  user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type      BIGINT NOT NULL CHECK (type IN (0, 1)),
  day       TEXT   NOT NULL,
  signed_at BIGINT NOT NULL,
  point     BIGINT NOT NULL,
  PRIMARY KEY (user_id, type, day)
);

CREATE TABLE user_follows (
  follower_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX user_follows_by_followee ON user_follows (followee_id, created_at);
CREATE INDEX user_follows_by_follower ON user_follows (follower_id, created_at);

CREATE TABLE user_events (
  id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        BIGINT NOT NULL,
  msg         TEXT   NOT NULL DEFAULT '',
  resource_id BIGINT NOT NULL,
  created_at  BIGINT NOT NULL
);
CREATE INDEX user_events_by_user ON user_events (user_id, created_at DESC);

CREATE TABLE playlist_subscribers (
  user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  playlist_id BIGINT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, playlist_id)
);
CREATE INDEX playlist_subscribers_by_playlist ON playlist_subscribers (playlist_id, created_at);

-- Cloud ids start at 10^12 + 1, far above the catalog's, and are never reused (SQLite's AUTOINCREMENT).
CREATE TABLE cloud_songs (
  id          BIGINT  GENERATED BY DEFAULT AS IDENTITY (START WITH 1000000000001) PRIMARY KEY,
  user_id     BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sha256      TEXT    NOT NULL CHECK (length(sha256) = 64),
  md5         TEXT    NOT NULL,
  file_name   TEXT    NOT NULL,
  file_size   BIGINT  NOT NULL CHECK (file_size > 0),
  name        TEXT    NOT NULL,
  artist      TEXT    NOT NULL,
  album       TEXT    NOT NULL,
  duration_ms BIGINT  NOT NULL,
  bitrate     BIGINT  NOT NULL,
  lossless    BIGINT  NOT NULL DEFAULT 0 CHECK (lossless IN (0, 1)),
  type        TEXT    NOT NULL,
  mime_type   TEXT    NOT NULL,
  added_at    BIGINT  NOT NULL,
  UNIQUE (user_id, sha256)
);
CREATE INDEX cloud_songs_by_user ON cloud_songs (user_id, added_at DESC, id DESC);
CREATE INDEX cloud_songs_by_hash ON cloud_songs (sha256);

CREATE TABLE daily_recommendations (
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day        TEXT   NOT NULL,
  kind       TEXT   NOT NULL CHECK (kind IN ('songs', 'playlists')),
  items      TEXT   NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, kind, day)
);

CREATE TABLE album_subs (
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  album_id   BIGINT NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, album_id)
);
CREATE INDEX album_subs_by_album ON album_subs (album_id);

CREATE TABLE artist_subs (
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  artist_id  BIGINT NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, artist_id)
);
CREATE INDEX artist_subs_by_artist ON artist_subs (artist_id);

CREATE TABLE login_failures (
  id      BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  at      BIGINT NOT NULL,
  address TEXT   NOT NULL,
  user_id BIGINT,
  phone   TEXT
);
CREATE INDEX login_failures_by_address ON login_failures (address, at);
CREATE INDEX login_failures_by_user ON login_failures (user_id, address, at) WHERE user_id IS NOT NULL;
CREATE INDEX login_failures_by_phone ON login_failures (phone, at) WHERE phone IS NOT NULL;
CREATE INDEX login_failures_by_time ON login_failures (at);

-- SQLite's implicit rowid is read and deleted by (repos/captchas.ts): here a column of that name.
CREATE TABLE captcha_sends (
  phone TEXT   NOT NULL,
  at    BIGINT NOT NULL,
  rowid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY
);
CREATE INDEX captcha_sends_by_phone ON captcha_sends (phone, at);
CREATE INDEX captcha_sends_by_time ON captcha_sends (at);

CREATE TABLE genres (
  id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name        TEXT   COLLATE nocase NOT NULL UNIQUE,
  song_count  BIGINT NOT NULL DEFAULT 0,
  album_count BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE song_genres (
  song_id  BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  genre_id BIGINT NOT NULL REFERENCES genres (id),
  position BIGINT NOT NULL,
  PRIMARY KEY (song_id, genre_id)
);
CREATE INDEX song_genres_by_genre ON song_genres (genre_id, song_id);

CREATE TABLE album_genres (
  album_id   BIGINT NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  genre_id   BIGINT NOT NULL REFERENCES genres (id),
  song_count BIGINT NOT NULL,
  PRIMARY KEY (album_id, genre_id)
);
CREATE INDEX album_genres_by_genre ON album_genres (genre_id, album_id);

CREATE TABLE play_queues (
  user_id          BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  current_position BIGINT,
  position_ms      BIGINT NOT NULL DEFAULT 0 CHECK (position_ms >= 0),
  changed_at       BIGINT NOT NULL,
  changed_by       TEXT   NOT NULL DEFAULT ''
);

CREATE TABLE play_queue_entries (
  user_id  BIGINT NOT NULL REFERENCES play_queues (user_id) ON DELETE CASCADE,
  position BIGINT NOT NULL,
  song_id  BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, position)
);
CREATE INDEX play_queue_entries_by_song ON play_queue_entries (song_id);

CREATE TABLE bookmarks (
  user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id     BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  position_ms BIGINT NOT NULL CHECK (position_ms >= 0),
  comment     TEXT   NOT NULL DEFAULT '',
  created_at  BIGINT NOT NULL,
  changed_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, song_id)
);
CREATE INDEX bookmarks_by_song ON bookmarks (song_id);

CREATE TABLE song_ratings (
  user_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id  BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  rating   BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
  rated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, song_id)
);
CREATE INDEX song_ratings_by_song ON song_ratings (song_id, rating);

CREATE TABLE album_ratings (
  user_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  album_id BIGINT NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  rating   BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
  rated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, album_id)
);
CREATE INDEX album_ratings_by_album ON album_ratings (album_id, rating);

CREATE TABLE artist_ratings (
  user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  artist_id BIGINT NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  rating    BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
  rated_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, artist_id)
);
CREATE INDEX artist_ratings_by_artist ON artist_ratings (artist_id, rating);

CREATE TABLE now_playing (
  id            BIGINT           GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id       BIGINT           NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  player        TEXT             NOT NULL,
  song_id       BIGINT           NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  state         TEXT             CHECK (state IN ('starting', 'playing', 'paused')),
  position_ms   BIGINT           NOT NULL DEFAULT 0,
  playback_rate DOUBLE PRECISION NOT NULL DEFAULT 1,
  updated_at    BIGINT           NOT NULL,
  expires_at    BIGINT           NOT NULL,
  UNIQUE (user_id, player)
);
CREATE INDEX now_playing_by_expiry ON now_playing (expires_at);

CREATE TABLE shares (
  id           TEXT   PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title        TEXT   NOT NULL,
  description  TEXT,
  created_at   BIGINT NOT NULL,
  expires_at   BIGINT,
  last_visited BIGINT,
  visit_count  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX shares_by_user ON shares (user_id, created_at);

CREATE TABLE share_entries (
  share_id TEXT   NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
  position BIGINT NOT NULL,
  song_id  BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  PRIMARY KEY (share_id, position)
);
CREATE INDEX share_entries_by_song ON share_entries (song_id);

CREATE TABLE subsonic_passwords (
  user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret     TEXT   NOT NULL,
  key_hash   TEXT   UNIQUE,
  created_at BIGINT NOT NULL
);

CREATE TABLE subsonic_api_keys (
  id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         TEXT   NOT NULL,
  key_hash     TEXT   NOT NULL UNIQUE,
  created_at   BIGINT NOT NULL,
  last_used_at BIGINT
);
CREATE INDEX subsonic_api_keys_by_user ON subsonic_api_keys (user_id, created_at);

CREATE TABLE radio_stations (
  id            BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name          TEXT   NOT NULL,
  stream_url    TEXT   NOT NULL,
  home_page_url TEXT,
  created_at    BIGINT NOT NULL
);

CREATE TABLE podcast_channels (
  id            BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  url           TEXT   NOT NULL UNIQUE,
  title         TEXT   NOT NULL DEFAULT '',
  description   TEXT   NOT NULL DEFAULT '',
  image_url     TEXT,
  status        TEXT   NOT NULL CHECK (status IN ('new', 'downloading', 'completed', 'error')),
  error_message TEXT,
  created_at    BIGINT NOT NULL,
  refreshed_at  BIGINT
);

CREATE TABLE podcast_episodes (
  id             BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  channel_id     BIGINT NOT NULL REFERENCES podcast_channels (id) ON DELETE CASCADE,
  guid           TEXT   NOT NULL,
  title          TEXT   NOT NULL,
  description    TEXT   NOT NULL DEFAULT '',
  publish_date   BIGINT,
  enclosure_url  TEXT   NOT NULL,
  enclosure_type TEXT,
  duration_s     BIGINT,
  status         TEXT   NOT NULL CHECK (status IN ('new', 'downloading', 'completed', 'error', 'deleted')),
  error_message  TEXT,
  suffix         TEXT,
  content_type   TEXT,
  size           BIGINT,
  bit_rate       BIGINT,
  created_at     BIGINT NOT NULL,
  UNIQUE (channel_id, guid)
);
CREATE INDEX podcast_episodes_by_date ON podcast_episodes (publish_date DESC);

CREATE TABLE chat_messages (
  id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message    TEXT   NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX chat_messages_by_time ON chat_messages (created_at);

CREATE TABLE library_folders (
  path         TEXT   PRIMARY KEY,
  added_at     BIGINT NOT NULL,
  last_scan_at BIGINT
);

CREATE TABLE library_scan (
  id          BIGINT PRIMARY KEY CHECK (id = 1),
  owner       TEXT,
  lease_until BIGINT,
  count       BIGINT NOT NULL DEFAULT 0,
  started_at  BIGINT,
  finished_at BIGINT
);
INSERT INTO library_scan (id) VALUES (1);

CREATE TABLE transcoded_files (
  source_md5  TEXT   NOT NULL,
  format      TEXT   NOT NULL CHECK (format IN ('mp3', 'opus', 'aac')),
  bitrate     BIGINT NOT NULL,
  size        BIGINT NOT NULL,
  md5         TEXT   NOT NULL,
  created_at  BIGINT NOT NULL,
  accessed_at BIGINT NOT NULL,
  PRIMARY KEY (source_md5, format, bitrate)
);
CREATE INDEX transcoded_files_by_access ON transcoded_files (accessed_at);

CREATE TABLE qr_login_keys (
  key        TEXT   PRIMARY KEY,
  created_at BIGINT NOT NULL,
  state      TEXT   NOT NULL CHECK (state IN ('waiting', 'scanned', 'approved')),
  user_id    BIGINT REFERENCES users (id) ON DELETE CASCADE,
  CHECK ((state = 'waiting') = (user_id IS NULL))
);
CREATE INDEX qr_login_keys_by_age ON qr_login_keys (created_at);

CREATE TABLE fm_trash (
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id    BIGINT NOT NULL,
  trashed_at BIGINT NOT NULL,
  seq        BIGINT NOT NULL,
  PRIMARY KEY (user_id, song_id)
);
CREATE INDEX fm_trash_by_age ON fm_trash (user_id, trashed_at, seq);

CREATE TABLE rate_windows (
  limiter    TEXT             NOT NULL,
  key        TEXT             NOT NULL,
  amount     DOUBLE PRECISION NOT NULL,
  at         BIGINT           NOT NULL,
  expires_at BIGINT           NOT NULL,
  PRIMARY KEY (limiter, key)
);
CREATE INDEX rate_windows_by_expiry ON rate_windows (expires_at);

CREATE TABLE leases (
  name       TEXT   PRIMARY KEY,
  holder     TEXT   NOT NULL,
  expires_at BIGINT NOT NULL
);

-- Every table whose id SQLite assigns keeps its sequence past explicit ids.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT c.table_name FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_name = 'id' AND c.is_identity = 'YES' LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted '
      'FOR EACH STATEMENT EXECUTE FUNCTION advance_id_sequence()', t || '_advance_id', t);
  END LOOP;
END $$;

-- Triggers SQLite's migrations define, with the same names and effects (003, 023, 030).

-- A deleted album, artist or playlist takes its stored cover row with it.
CREATE FUNCTION drop_stored_cover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_covers WHERE kind = TG_ARGV[0] AND owner_id = OLD.id;
  RETURN NULL;
END $$;
CREATE TRIGGER albums_drop_stored_cover AFTER DELETE ON albums
  FOR EACH ROW EXECUTE FUNCTION drop_stored_cover('album');
CREATE TRIGGER artists_drop_stored_cover AFTER DELETE ON artists
  FOR EACH ROW EXECUTE FUNCTION drop_stored_cover('artist');
CREATE TRIGGER playlists_drop_stored_cover AFTER DELETE ON playlists
  FOR EACH ROW EXECUTE FUNCTION drop_stored_cover('playlist');

-- An event sharing a song or playlist goes with it.
CREATE FUNCTION user_events_drop_song() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_events WHERE type = 18 AND resource_id = OLD.id;
  RETURN NULL;
END $$;
CREATE TRIGGER user_events_drop_song AFTER DELETE ON songs
  FOR EACH ROW EXECUTE FUNCTION user_events_drop_song();
CREATE FUNCTION user_events_drop_playlist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_events WHERE type IN (13, 35) AND resource_id = OLD.id;
  RETURN NULL;
END $$;
CREATE TRIGGER user_events_drop_playlist AFTER DELETE ON playlists
  FOR EACH ROW EXECUTE FUNCTION user_events_drop_playlist();

-- album_genres and the genre counts follow song_genres, whatever writes it.
CREATE FUNCTION song_genre_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE genres SET song_count = song_count + 1 WHERE id = NEW.genre_id;
  INSERT INTO album_genres (album_id, genre_id, song_count)
    SELECT album_id, NEW.genre_id, 1 FROM songs WHERE id = NEW.song_id
    ON CONFLICT (album_id, genre_id) DO UPDATE SET song_count = album_genres.song_count + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER song_genre_added AFTER INSERT ON song_genres
  FOR EACH ROW EXECUTE FUNCTION song_genre_added();

CREATE FUNCTION song_genre_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE genres SET song_count = song_count - 1 WHERE id = OLD.genre_id;
  UPDATE album_genres SET song_count = song_count - 1
    WHERE genre_id = OLD.genre_id AND album_id = (SELECT album_id FROM songs WHERE id = OLD.song_id);
  DELETE FROM album_genres
    WHERE genre_id = OLD.genre_id AND album_id = (SELECT album_id FROM songs WHERE id = OLD.song_id) AND song_count <= 0;
  RETURN NULL;
END $$;
CREATE TRIGGER song_genre_removed AFTER DELETE ON song_genres
  FOR EACH ROW EXECUTE FUNCTION song_genre_removed();

-- A cascade would delete the song's genres after the song, when its album can no longer be found:
-- they go first.
CREATE FUNCTION song_removed_with_genres() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM song_genres WHERE song_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER song_removed_with_genres BEFORE DELETE ON songs
  FOR EACH ROW EXECUTE FUNCTION song_removed_with_genres();

CREATE FUNCTION song_moved_with_genres() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE album_genres SET song_count = song_count - 1
    WHERE album_id = OLD.album_id AND genre_id IN (SELECT genre_id FROM song_genres WHERE song_id = NEW.id);
  DELETE FROM album_genres WHERE album_id = OLD.album_id AND song_count <= 0;
  INSERT INTO album_genres (album_id, genre_id, song_count)
    SELECT NEW.album_id, genre_id, 1 FROM song_genres WHERE song_id = NEW.id
    ON CONFLICT (album_id, genre_id) DO UPDATE SET song_count = album_genres.song_count + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER song_moved_with_genres AFTER UPDATE OF album_id ON songs
  FOR EACH ROW WHEN (OLD.album_id <> NEW.album_id) EXECUTE FUNCTION song_moved_with_genres();

CREATE FUNCTION album_genre_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE genres SET album_count = album_count + 1 WHERE id = NEW.genre_id;
  RETURN NULL;
END $$;
CREATE TRIGGER album_genre_added AFTER INSERT ON album_genres
  FOR EACH ROW EXECUTE FUNCTION album_genre_added();

CREATE FUNCTION album_genre_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE genres SET album_count = album_count - 1 WHERE id = OLD.genre_id;
  RETURN NULL;
END $$;
CREATE TRIGGER album_genre_removed AFTER DELETE ON album_genres
  FOR EACH ROW EXECUTE FUNCTION album_genre_removed();
