-- Play history and the charts computed from it; the artist A–Z index; independent artists.

-- One row per listen (/scrobble, or the demo's generated history). Charts aggregate windows of
-- it: (played_at, song_id) lets a window be counted from the index alone; (song_id, played_at)
-- serves per-song questions and the cascade when a song is deleted.
CREATE TABLE play_records (
  id         INTEGER PRIMARY KEY,
  song_id    INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,   -- NULL = anonymous listener
  source_id  INTEGER NOT NULL DEFAULT 0,                          -- playlist/album played from (NetEase sourceid)
  played_at  INTEGER NOT NULL,                                    -- ms, on the library clock
  seconds    INTEGER NOT NULL DEFAULT 0 CHECK (seconds >= 0)      -- how long it was listened to
);
CREATE INDEX play_records_by_time ON play_records (played_at, song_id);
CREATE INDEX play_records_by_song ON play_records (song_id, played_at);

-- A chart is a playlist (special_type 10, like NetEase's toplists) whose tracks are recomputed
-- from play_records; this row says which chart it is and when its tracks were last ranked.
CREATE TABLE charts (
  playlist_id  INTEGER PRIMARY KEY REFERENCES playlists (id) ON DELETE CASCADE,
  kind         TEXT    NOT NULL UNIQUE,       -- soaring | new | original | hot | western | japanese | korean | chinese
  computed_at  INTEGER NOT NULL DEFAULT 0,    -- library-clock ms of the last ranking (0 = never)
  last_play_id INTEGER NOT NULL DEFAULT 0     -- newest play_records.id that ranking saw
);

-- The playlist square lists curated playlists newest first.
CREATE INDEX playlists_high_quality ON playlists (updated_at DESC, id DESC) WHERE high_quality = 1;

-- 新歌榜 looks for recent releases.
CREATE INDEX songs_by_publish_time ON songs (publish_time);

-- 原创音乐人: self-releasing artists, whose songs make 原创榜.
ALTER TABLE artists ADD COLUMN independent INTEGER NOT NULL DEFAULT 0 CHECK (independent IN (0, 1));

-- The A–Z filter of /artist/list files a name by name_initial(): a Chinese name by its pinyin
-- (周… → Z), a Latin one by its first letter, anything else under '#'. Triggers keep `initial`
-- right whoever writes the row (demo seed, folder import, benchmark generator).
UPDATE artists SET initial = name_initial(name);
CREATE TRIGGER artists_initial_on_insert AFTER INSERT ON artists
BEGIN
  UPDATE artists SET initial = name_initial(NEW.name) WHERE id = NEW.id;
END;
CREATE TRIGGER artists_initial_on_rename AFTER UPDATE OF name ON artists
BEGIN
  UPDATE artists SET initial = name_initial(NEW.name) WHERE id = NEW.id;
END;
CREATE INDEX artists_by_initial ON artists (initial, popularity DESC);
