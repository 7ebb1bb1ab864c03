-- Each listener's plays of each song, kept as they are written, as in SQLite's migration 048:
-- how many and the last. Smart playlists' play-count and last-played rules and sorts read this
-- instead of aggregating the owner's whole play history at every evaluation; Subsonic's
-- playCount and played read it too. Anonymous plays have no row. The triggers keep it whatever
-- writes play_records.
CREATE TABLE play_stats (
  user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id     BIGINT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
  plays       BIGINT NOT NULL CHECK (plays > 0),
  last_played BIGINT NOT NULL,
  PRIMARY KEY (user_id, song_id)
);
CREATE INDEX play_stats_by_plays ON play_stats (user_id, plays);
CREATE INDEX play_stats_by_last_played ON play_stats (user_id, last_played);

INSERT INTO play_stats (user_id, song_id, plays, last_played)
  SELECT user_id, song_id, COUNT(*), MAX(played_at) FROM play_records WHERE user_id IS NOT NULL GROUP BY user_id, song_id;

CREATE FUNCTION play_count(listener BIGINT, song BIGINT, played BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO play_stats (user_id, song_id, plays, last_played) VALUES (listener, song, 1, played)
    ON CONFLICT (user_id, song_id) DO UPDATE
    SET plays = play_stats.plays + 1, last_played = GREATEST(play_stats.last_played, excluded.last_played);
END $$;

-- A play taken away: the row goes with its last play, else one fewer and the last play looked up
-- again among those left. The delete comes first, so it cannot take a row the decrement has just
-- brought to one.
CREATE FUNCTION play_uncount(listener BIGINT, song BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM play_stats WHERE user_id = listener AND song_id = song AND plays <= 1;
  UPDATE play_stats SET plays = plays - 1,
      last_played = COALESCE((SELECT MAX(played_at) FROM play_records WHERE user_id = listener AND song_id = song), 0)
    WHERE user_id = listener AND song_id = song AND plays > 1;
END $$;

CREATE FUNCTION play_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL THEN PERFORM play_count(NEW.user_id, NEW.song_id, NEW.played_at); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER play_counted AFTER INSERT ON play_records
  FOR EACH ROW EXECUTE FUNCTION play_counted();

CREATE FUNCTION play_uncounted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.user_id IS NOT NULL THEN PERFORM play_uncount(OLD.user_id, OLD.song_id); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER play_uncounted AFTER DELETE ON play_records
  FOR EACH ROW EXECUTE FUNCTION play_uncounted();

-- A play given to another listener (the demo account taking anonymous plays; a removed account's
-- plays turning anonymous): taken from one, counted for the other.
CREATE FUNCTION play_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.user_id IS NOT NULL THEN PERFORM play_uncount(OLD.user_id, OLD.song_id); END IF;
  IF NEW.user_id IS NOT NULL THEN PERFORM play_count(NEW.user_id, NEW.song_id, NEW.played_at); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER play_moved AFTER UPDATE OF user_id, song_id, played_at ON play_records
  FOR EACH ROW EXECUTE FUNCTION play_moved();
