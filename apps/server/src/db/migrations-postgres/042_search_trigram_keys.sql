-- The index keeps each document's trigrams as the FTS5 tokenizer emits them (one per code point,
-- markers included), as 32-bit keys computed by the server (text/trigram-keys.ts), in a GIN index.
-- pg_trgm's own trigrams are per word of letters and digits in the database's locale: they leave
-- out the name markers, CJK text under the C locale and every 1–2 character word, so a search for
-- an exact name or a short word read tens of thousands of documents to keep a few. `doc ~~` stays
-- the exact test; the keys only choose which documents it reads.
ALTER TABLE search_songs          ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE search_song_names     ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE search_albums         ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE search_album_names    ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE search_artists        ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE search_playlists      ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE search_playlist_names ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE search_lyrics         ADD COLUMN grams INTEGER[] NOT NULL DEFAULT '{}';

DROP INDEX search_songs_doc, search_song_names_doc, search_albums_doc, search_album_names_doc, search_artists_doc,
  search_playlists_doc, search_playlist_names_doc, search_lyrics_doc;

CREATE INDEX search_songs_grams          ON search_songs          USING gin (grams);
CREATE INDEX search_song_names_grams     ON search_song_names     USING gin (grams);
CREATE INDEX search_albums_grams         ON search_albums         USING gin (grams);
CREATE INDEX search_album_names_grams    ON search_album_names    USING gin (grams);
CREATE INDEX search_artists_grams        ON search_artists        USING gin (grams);
CREATE INDEX search_playlists_grams      ON search_playlists      USING gin (grams);
CREATE INDEX search_playlist_names_grams ON search_playlist_names USING gin (grams);
CREATE INDEX search_lyrics_grams         ON search_lyrics         USING gin (grams);

-- Documents indexed before have no keys yet: the whole catalogue is queued for the next refresh.
SELECT search_reindex();
