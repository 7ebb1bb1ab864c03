-- Playlists a user collects (收藏, /playlist/subscribe): one row per user and playlist. A
-- playlist's subscribed_count keeps counting listeners from outside the library (the demo's
-- numbers) and moves by one with each row added or removed here, in the same transaction.
CREATE TABLE playlist_subscribers (
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  playlist_id INTEGER NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,              -- ms, real time
  PRIMARY KEY (user_id, playlist_id)
) WITHOUT ROWID;
CREATE INDEX playlist_subscribers_by_playlist ON playlist_subscribers (playlist_id, created_at);

-- /user/playlist lists a user's own playlists newest first.
CREATE INDEX playlists_by_creator_time ON playlists (creator_id, created_at);
