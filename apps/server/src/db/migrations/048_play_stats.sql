-- Each listener's plays of each song, kept as they are written: how many and the last. Smart
-- playlists' play-count and last-played rules and sorts read this instead of aggregating the
-- owner's whole play history at every evaluation (a listener with 100,000 plays paid for all of
-- them at every read); Subsonic's playCount and played read it too. Anonymous plays have no row.
-- The triggers keep it whatever writes play_records (a play, the demo seeder, attributing
-- anonymous plays, a song's removal).
CREATE TABLE play_stats (
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id     INTEGER NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  plays       INTEGER NOT NULL CHECK (plays > 0),
  last_played INTEGER NOT NULL,              -- ms, on the library clock
  PRIMARY KEY (user_id, song_id)
) WITHOUT ROWID;
CREATE INDEX play_stats_by_plays ON play_stats (user_id, plays);
CREATE INDEX play_stats_by_last_played ON play_stats (user_id, last_played);

INSERT INTO play_stats (user_id, song_id, plays, last_played)
  SELECT user_id, song_id, COUNT(*), MAX(played_at) FROM play_records WHERE user_id IS NOT NULL GROUP BY user_id, song_id;

CREATE TRIGGER play_counted AFTER INSERT ON play_records WHEN NEW.user_id IS NOT NULL BEGIN
  INSERT INTO play_stats (user_id, song_id, plays, last_played) VALUES (NEW.user_id, NEW.song_id, 1, NEW.played_at)
    ON CONFLICT (user_id, song_id) DO UPDATE SET plays = plays + 1, last_played = MAX(last_played, excluded.last_played);
END;

-- A play taken away: the row goes with its last play, else one fewer and the last play looked up
-- again among those left (by play_records_by_user_song). The delete comes first, so it cannot take
-- a row the decrement has just brought to one.
CREATE TRIGGER play_uncounted AFTER DELETE ON play_records WHEN OLD.user_id IS NOT NULL BEGIN
  DELETE FROM play_stats WHERE user_id = OLD.user_id AND song_id = OLD.song_id AND plays <= 1;
  UPDATE play_stats SET plays = plays - 1,
      last_played = COALESCE((SELECT MAX(played_at) FROM play_records WHERE user_id = OLD.user_id AND song_id = OLD.song_id), 0)
    WHERE user_id = OLD.user_id AND song_id = OLD.song_id AND plays > 1;
END;

-- A play given to another listener (the demo account taking anonymous plays; a removed account's
-- plays turning anonymous): taken from one, counted for the other.
CREATE TRIGGER play_moved AFTER UPDATE OF user_id, song_id, played_at ON play_records BEGIN
  DELETE FROM play_stats WHERE OLD.user_id IS NOT NULL AND user_id = OLD.user_id AND song_id = OLD.song_id AND plays <= 1;
  UPDATE play_stats SET plays = plays - 1,
      last_played = COALESCE((SELECT MAX(played_at) FROM play_records WHERE user_id = OLD.user_id AND song_id = OLD.song_id), 0)
    WHERE OLD.user_id IS NOT NULL AND user_id = OLD.user_id AND song_id = OLD.song_id AND plays > 1;
  INSERT INTO play_stats (user_id, song_id, plays, last_played)
    SELECT NEW.user_id, NEW.song_id, 1, NEW.played_at WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (user_id, song_id) DO UPDATE SET plays = plays + 1, last_played = MAX(last_played, excluded.last_played);
END;
