-- PostgreSQL's search tables (041) take the tokenizer's own trigrams, and are split by doc_id.
--
-- Each document keeps its trigrams as the FTS5 tokenizer emits them (one per code point, markers
-- included), as 32-bit keys computed by the server (text/trigram-keys.ts), in a GIN index.
-- pg_trgm's own trigrams are per word of letters and digits in the database's locale: they leave
-- out the name markers, CJK text under the C locale and every 1–2 character word, so a search for
-- an exact name or a short word read tens of thousands of documents to keep a few. `doc ~~` stays
-- the exact test; the keys only choose which documents it reads.
--
-- Each table is partitioned by ranges of doc_id (most popular first), each partition with its own
-- GIN index: GIN hands over every match of a phrase in row order, so a page of the most popular
-- matches is read partition by partition, stopping at the first that fills it. The server splits
-- a table again as it grows (repos/search-index-postgres.ts); search_partitions records where each
-- partition starts, for the search to walk them in order. The index is emptied and the whole
-- catalogue queued: the first server after this rebuilds it.
CREATE TABLE search_partitions (
  tbl   TEXT   NOT NULL,
  -- the partition's lowest doc_id; the first partition of a table starts at -2^63
  lo    BIGINT NOT NULL,
  PRIMARY KEY (tbl, lo)
);

DROP TABLE search_songs;
CREATE TABLE search_songs (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_songs_0 PARTITION OF search_songs FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_songs_grams ON search_songs USING gin (grams);
INSERT INTO search_partitions VALUES ('search_songs', -9223372036854775808);

DROP TABLE search_song_names;
CREATE TABLE search_song_names (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_song_names_0 PARTITION OF search_song_names FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_song_names_grams ON search_song_names USING gin (grams);
INSERT INTO search_partitions VALUES ('search_song_names', -9223372036854775808);

DROP TABLE search_albums;
CREATE TABLE search_albums (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_albums_0 PARTITION OF search_albums FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_albums_grams ON search_albums USING gin (grams);
INSERT INTO search_partitions VALUES ('search_albums', -9223372036854775808);

DROP TABLE search_album_names;
CREATE TABLE search_album_names (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_album_names_0 PARTITION OF search_album_names FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_album_names_grams ON search_album_names USING gin (grams);
INSERT INTO search_partitions VALUES ('search_album_names', -9223372036854775808);

DROP TABLE search_artists;
CREATE TABLE search_artists (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_artists_0 PARTITION OF search_artists FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_artists_grams ON search_artists USING gin (grams);
INSERT INTO search_partitions VALUES ('search_artists', -9223372036854775808);

DROP TABLE search_playlists;
CREATE TABLE search_playlists (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_playlists_0 PARTITION OF search_playlists FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_playlists_grams ON search_playlists USING gin (grams);
INSERT INTO search_partitions VALUES ('search_playlists', -9223372036854775808);

DROP TABLE search_playlist_names;
CREATE TABLE search_playlist_names (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_playlist_names_0 PARTITION OF search_playlist_names FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_playlist_names_grams ON search_playlist_names USING gin (grams);
INSERT INTO search_partitions VALUES ('search_playlist_names', -9223372036854775808);

DROP TABLE search_lyrics;
CREATE TABLE search_lyrics (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL, PRIMARY KEY (doc_id)) PARTITION BY RANGE (doc_id);
CREATE TABLE search_lyrics_0 PARTITION OF search_lyrics FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX search_lyrics_grams ON search_lyrics USING gin (grams);
INSERT INTO search_partitions VALUES ('search_lyrics', -9223372036854775808);

INSERT INTO search_state VALUES ('partitioning', 0);

SELECT search_reindex();
