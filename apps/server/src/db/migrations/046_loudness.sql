-- Even loudness: every song's integrated loudness (EBU R128) and true peak, every album's, read
-- from the file's ReplayGain / R128 tags or measured by the server in the background, and what is
-- still to measure (docs/decisions/0046-loudness.md).

-- A song's loudness: a catalog song or a cloud song (cloud ids are a space of their own, so one
-- table holds both; the repositories delete a song's row with the song).
CREATE TABLE song_loudness (
  song_id        INTEGER PRIMARY KEY,
  md5            TEXT    NOT NULL,      -- of the file measured or read: a changed file is measured again
  loudness       REAL    NOT NULL,      -- LUFS, integrated (EBU R128)
  peak           REAL,                  -- true peak, linear (1 = full scale); NULL: unknown (tags without one)
  album_loudness REAL,                  -- LUFS of the whole album, when the file's tags say it
  album_peak     REAL,
  origin         TEXT    NOT NULL CHECK (origin IN ('tags', 'measured')),
  measured_at    INTEGER NOT NULL       -- ms
);

-- An album's loudness, written once every song of it has one (and forgotten when a song of it changes).
CREATE TABLE album_loudness (
  album_id INTEGER PRIMARY KEY REFERENCES albums (id) ON DELETE CASCADE,
  loudness REAL    NOT NULL,            -- LUFS
  peak     REAL                         -- linear; NULL when a song's is unknown
);

-- Songs whose loudness is still to measure, across restarts: one process at a time works through
-- them, songs a listener asked for (priority 0) before the rest (1), oldest first.
CREATE TABLE loudness_queue (
  song_id   INTEGER PRIMARY KEY,
  priority  INTEGER NOT NULL CHECK (priority IN (0, 1)),
  queued_at INTEGER NOT NULL            -- ms
);
CREATE INDEX loudness_queue_by_turn ON loudness_queue (priority, queued_at, song_id);

-- Every imported song, cloud song and rendered demo song there is now waits for its measurement.
INSERT INTO loudness_queue (song_id, priority, queued_at) SELECT song_id, 1, imported_at FROM library_files;
INSERT INTO loudness_queue (song_id, priority, queued_at) SELECT id, 1, added_at FROM cloud_songs;
INSERT INTO loudness_queue (song_id, priority, queued_at) SELECT song_id, 1, created_at FROM audio_files;
