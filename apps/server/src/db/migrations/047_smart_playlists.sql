-- Smart playlists (智能歌单): a playlist whose songs are chosen by rules, evaluated when it is
-- read (repos/playlists/smart-rules.ts). `smart_rules` is their JSON (the contract's
-- SmartRules); NULL is an ordinary playlist with stored tracks.
--
-- The indexes are those the rules' tests and sets read: songs by when they were added and by
-- length (by release time exists: songs_by_publish_time), artists and albums by name as the
-- rules compare them (case-blind). A genre is found by its unique name; the owner's plays, ratings
-- and likes by play_records_by_user_song, song_ratings' key and playlist_tracks' key.
ALTER TABLE playlists ADD COLUMN smart_rules TEXT;

CREATE INDEX songs_by_created_at ON songs (created_at);
CREATE INDEX songs_by_duration ON songs (duration_ms);
CREATE INDEX artists_by_name_nocase ON artists (name COLLATE NOCASE);
CREATE INDEX albums_by_name_nocase ON albums (name COLLATE NOCASE);
