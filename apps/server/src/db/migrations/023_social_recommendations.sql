-- Social reads and daily recommendations.

-- An event points at a song or playlist by id (no foreign key can say which table): when the
-- song or playlist goes, so do the events sharing it, so /user/event and a profile's eventCount
-- always agree.
CREATE TRIGGER user_events_drop_song AFTER DELETE ON songs
BEGIN
  DELETE FROM user_events WHERE type = 18 AND resource_id = OLD.id;
END;
CREATE TRIGGER user_events_drop_playlist AFTER DELETE ON playlists
BEGIN
  DELETE FROM user_events WHERE type IN (13, 35) AND resource_id = OLD.id;
END;

-- /user/follows lists whom someone follows, newest first.
CREATE INDEX user_follows_by_follower ON user_follows (follower_id, created_at);

-- A user's daily recommendations, made by the first request of the day (China time) and kept
-- for that day, so the list does not change under the user as they play
-- (docs/decisions/0017-daily-recommendations.md). Days older than a week are pruned.
CREATE TABLE daily_recommendations (
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day        TEXT    NOT NULL,                 -- YYYY-MM-DD, UTC+8
  kind       TEXT    NOT NULL CHECK (kind IN ('songs', 'playlists')),
  items      TEXT    NOT NULL,                 -- JSON [{id, reason}] in order
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind, day)
) WITHOUT ROWID;
