-- Even loudness (SQLite's migrations/046_loudness.sql, where each column is told): every song's
-- loudness and true peak, every album's, and the songs still to measure.
CREATE TABLE song_loudness (
  song_id        BIGINT           PRIMARY KEY,
  md5            TEXT             NOT NULL,
  loudness       DOUBLE PRECISION NOT NULL,
  peak           DOUBLE PRECISION,
  album_loudness DOUBLE PRECISION,
  album_peak     DOUBLE PRECISION,
  origin         TEXT             NOT NULL CHECK (origin IN ('tags', 'measured')),
  measured_at    BIGINT           NOT NULL
);

CREATE TABLE album_loudness (
  album_id BIGINT           PRIMARY KEY REFERENCES albums (id) ON DELETE CASCADE,
  loudness DOUBLE PRECISION NOT NULL,
  peak     DOUBLE PRECISION
);

CREATE TABLE loudness_queue (
  song_id   BIGINT PRIMARY KEY,
  priority  BIGINT NOT NULL CHECK (priority IN (0, 1)),
  queued_at BIGINT NOT NULL
);
CREATE INDEX loudness_queue_by_turn ON loudness_queue (priority, queued_at, song_id);

INSERT INTO loudness_queue (song_id, priority, queued_at) SELECT song_id, 1, imported_at FROM library_files;
INSERT INTO loudness_queue (song_id, priority, queued_at) SELECT id, 1, added_at FROM cloud_songs;
INSERT INTO loudness_queue (song_id, priority, queued_at) SELECT song_id, 1, created_at FROM audio_files;
