-- What a listener keeps on the server between devices, and the links they share
-- (docs/decisions/0032-play-state-and-shares.md). Times are ms of real time. Every row goes with
-- its user, and an entry with its song (a song a rescan removes leaves the queues, bookmarks,
-- ratings, now-playing and shares that held it).

-- One play queue per user, saved by one device and restored on another. The entries are in order
-- and may repeat a song; `current_position` is the `position` of the current entry (NULL: none,
-- an empty queue). A user who cleared their queue keeps the row, so `changed` says when and by
-- whom; a user with no row has never saved one.
CREATE TABLE play_queues (
  user_id          INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  current_position INTEGER,
  position_ms      INTEGER NOT NULL DEFAULT 0 CHECK (position_ms >= 0),
  changed_at       INTEGER NOT NULL,
  changed_by       TEXT    NOT NULL DEFAULT ''   -- the client that saved it (Subsonic's `c`)
);

CREATE TABLE play_queue_entries (
  user_id  INTEGER NOT NULL REFERENCES play_queues (user_id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  song_id  INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, position)
) WITHOUT ROWID;
CREATE INDEX play_queue_entries_by_song ON play_queue_entries (song_id);

-- A position kept in a song (audiobooks, long mixes): one per user and song.
CREATE TABLE bookmarks (
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id     INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  position_ms INTEGER NOT NULL CHECK (position_ms >= 0),
  comment     TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  changed_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, song_id)
) WITHOUT ROWID;
CREATE INDEX bookmarks_by_song ON bookmarks (song_id);

-- Ratings of 1 to 5 (0 deletes the row), one table per kind of thing rated, indexed by the thing
-- for its average over every listener.
CREATE TABLE song_ratings (
  user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id  INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  rating   INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  rated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, song_id)
) WITHOUT ROWID;
CREATE INDEX song_ratings_by_song ON song_ratings (song_id, rating);

CREATE TABLE album_ratings (
  user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  album_id INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  rating   INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  rated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, album_id)
) WITHOUT ROWID;
CREATE INDEX album_ratings_by_album ON album_ratings (album_id, rating);

CREATE TABLE artist_ratings (
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  artist_id INTEGER NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  rating    INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  rated_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, artist_id)
) WITHOUT ROWID;
CREATE INDEX artist_ratings_by_artist ON artist_ratings (artist_id, rating);

-- What each user's players are playing now: one row per user and player (the client's name), in
-- the database rather than a process's memory so that every server process sees the same. A row
-- from `reportPlayback` has a state; one from `stream` or a now-playing scrobble has none. Rows
-- past `expires_at` are not shown and are deleted by the next write.
CREATE TABLE now_playing (
  id            INTEGER PRIMARY KEY,            -- Subsonic's playerId
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  player        TEXT    NOT NULL,
  song_id       INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  state         TEXT    CHECK (state IN ('starting', 'playing', 'paused')),
  position_ms   INTEGER NOT NULL DEFAULT 0,
  playback_rate REAL    NOT NULL DEFAULT 1,
  updated_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  UNIQUE (user_id, player)
);
CREATE INDEX now_playing_by_expiry ON now_playing (expires_at);

-- Links that play songs for anyone who opens them, without an account. The id is the secret in the
-- URL (144 random bits, base64url); the songs are fixed when the share is made (an album or a
-- playlist shared is its songs at that moment), in order.
CREATE TABLE shares (
  id           TEXT    PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title        TEXT    NOT NULL,                -- what was shared: an album's or playlist's name, a song's
  description  TEXT,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER,                         -- NULL: never
  last_visited INTEGER,
  visit_count  INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX shares_by_user ON shares (user_id, created_at);

CREATE TABLE share_entries (
  share_id TEXT    NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  song_id  INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  PRIMARY KEY (share_id, position)
) WITHOUT ROWID;
CREATE INDEX share_entries_by_song ON share_entries (song_id);
