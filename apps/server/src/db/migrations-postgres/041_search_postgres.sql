-- The search index on PostgreSQL: what SQLite's migrations 002, 007, 008 and 009 build with FTS5,
-- answering the same searches (repos/search-postgres.ts, repos/search-index-postgres.ts).
--
-- One table per FTS5 table, each row a document under the same doc_id (SQLite's rowid: rank *
-- 2^36 + id, most popular first) holding the same text as SQLite's search_*_docs views write,
-- already folded as FTS5's trigram tokenizer folds it (text/trigram-fold.ts). A phrase of three
-- or more characters matches a document containing its folded text: `doc LIKE '%…%'`, which the
-- pg_trgm GIN index answers; a page is `ORDER BY doc_id LIMIT n`, read along the primary key.
-- The documents are built in TypeScript from the catalog rows with the very functions SQLite
-- registers for its views (db/text-functions.ts), so both engines index the same bytes.
--
-- search_*_terms are the tables' vocabularies (FTS5's fts5vocab): every distinct trigram of the
-- folded documents with the number of documents holding it, kept as documents come and go. A
-- 1–2 character word is expanded, and falls back, by how many trigrams start with it, as on
-- SQLite. The names tables have none, as on SQLite (migration 009).
--
-- The queue, search_docs, search_state and search_artist_keys are migration 002's; the queue is
-- filled by statement triggers on the same catalog changes SQLite's row triggers queue.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE search_songs          (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE search_song_names     (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE search_albums         (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE search_album_names    (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE search_artists        (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE search_playlists      (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE search_playlist_names (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE search_lyrics         (doc_id BIGINT PRIMARY KEY, doc TEXT NOT NULL);
CREATE INDEX search_songs_doc          ON search_songs          USING gin (doc gin_trgm_ops);
CREATE INDEX search_song_names_doc     ON search_song_names     USING gin (doc gin_trgm_ops);
CREATE INDEX search_albums_doc         ON search_albums         USING gin (doc gin_trgm_ops);
CREATE INDEX search_album_names_doc    ON search_album_names    USING gin (doc gin_trgm_ops);
CREATE INDEX search_artists_doc        ON search_artists        USING gin (doc gin_trgm_ops);
CREATE INDEX search_playlists_doc      ON search_playlists      USING gin (doc gin_trgm_ops);
CREATE INDEX search_playlist_names_doc ON search_playlist_names USING gin (doc gin_trgm_ops);
CREATE INDEX search_lyrics_doc         ON search_lyrics         USING gin (doc gin_trgm_ops);

-- Terms compare as code points ("C"), as FTS5's vocabulary orders and ranges them.
CREATE TABLE search_songs_terms     (term TEXT COLLATE "C" PRIMARY KEY, docs BIGINT NOT NULL);
CREATE TABLE search_albums_terms    (term TEXT COLLATE "C" PRIMARY KEY, docs BIGINT NOT NULL);
CREATE TABLE search_artists_terms   (term TEXT COLLATE "C" PRIMARY KEY, docs BIGINT NOT NULL);
CREATE TABLE search_playlists_terms (term TEXT COLLATE "C" PRIMARY KEY, docs BIGINT NOT NULL);
CREATE TABLE search_lyrics_terms    (term TEXT COLLATE "C" PRIMARY KEY, docs BIGINT NOT NULL);

CREATE TABLE search_artist_keys (
  artist_id BIGINT PRIMARY KEY,
  keys      TEXT NOT NULL
);

CREATE TABLE search_docs (
  kind   BIGINT NOT NULL,
  id     BIGINT NOT NULL,
  doc_id BIGINT NOT NULL,
  PRIMARY KEY (kind, id)
);

CREATE TABLE search_state (
  key   TEXT PRIMARY KEY,
  value BIGINT NOT NULL
);
INSERT INTO search_state VALUES ('generation', 0);

CREATE TABLE search_queue (
  kind BIGINT NOT NULL,
  id   BIGINT NOT NULL
);
CREATE INDEX search_queue_kind_id ON search_queue (kind, id);

-- Migration 008: searched keywords per library-clock day. Keywords compare as code points, as
-- SQLite's do, so the hot list's ties order alike.
CREATE TABLE search_keywords (
  day     BIGINT NOT NULL,
  keyword TEXT COLLATE "C" NOT NULL,
  shown   TEXT   NOT NULL,
  count   BIGINT NOT NULL,
  PRIMARY KEY (day, keyword)
);

-- Statement triggers with transition tables: a bulk insert (a seed, an import, a copied
-- library) queues its rows in one statement, not one call per row. An update queues what
-- SQLite's `UPDATE OF …` triggers queue, for the rows where one of those columns changed.
CREATE FUNCTION search_queue_artists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_queue SELECT 100, id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_queue SELECT 100, id FROM old_rows;
  ELSE
    INSERT INTO search_queue SELECT 100, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.name, o.trans, o.aliases, o.popularity) IS DISTINCT FROM (n.name, n.trans, n.aliases, n.popularity);
    -- An album's rank is its artist's popularity; a song's credits are its artists' names.
    INSERT INTO search_queue SELECT 10, al.id FROM albums al
      JOIN new_rows n ON n.id = al.artist_id JOIN old_rows o ON o.id = n.id
      WHERE (o.name, o.trans, o.aliases, o.popularity) IS DISTINCT FROM (n.name, n.trans, n.aliases, n.popularity);
    INSERT INTO search_queue SELECT 1, sa.song_id FROM song_artists sa
      JOIN new_rows n ON n.id = sa.artist_id JOIN old_rows o ON o.id = n.id
      WHERE (o.name, o.trans, o.aliases) IS DISTINCT FROM (n.name, n.trans, n.aliases);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_queue_albums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_queue SELECT 10, id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_queue SELECT 10, id FROM old_rows;
  ELSE
    INSERT INTO search_queue SELECT 10, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.name, o.aliases, o.artist_id) IS DISTINCT FROM (n.name, n.aliases, n.artist_id);
    -- A song's credits carry its album's name.
    INSERT INTO search_queue SELECT 1, s.id FROM songs s
      JOIN new_rows n ON n.id = s.album_id JOIN old_rows o ON o.id = n.id
      WHERE o.name IS DISTINCT FROM n.name;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_queue_songs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_queue SELECT 1, id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_queue SELECT 1, id FROM old_rows UNION ALL SELECT 1006, id FROM old_rows;
  ELSE
    INSERT INTO search_queue SELECT 1, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.name, o.aliases, o.album_id, o.popularity) IS DISTINCT FROM (n.name, n.aliases, n.album_id, n.popularity);
    -- A lyric document is ranked by its song's popularity.
    INSERT INTO search_queue SELECT 1006, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.popularity IS DISTINCT FROM n.popularity;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_queue_song_artists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_queue SELECT 1, song_id FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO search_queue SELECT 1, song_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_queue_lyrics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_queue SELECT 1006, song_id FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO search_queue SELECT 1006, song_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_queue_playlists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_queue SELECT 1000, id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_queue SELECT 1000, id FROM old_rows;
  ELSE
    INSERT INTO search_queue SELECT 1000, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.name, o.play_count, o.privacy) IS DISTINCT FROM (n.name, n.play_count, n.privacy);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_queue_playlist_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_queue SELECT 1000, playlist_id FROM new_rows;
  ELSE
    INSERT INTO search_queue SELECT 1000, playlist_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_queue_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_queue SELECT 1000, pt.playlist_id FROM playlist_tags pt
    JOIN new_rows n ON n.id = pt.tag_id JOIN old_rows o ON o.id = n.id WHERE o.name IS DISTINCT FROM n.name;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t TEXT;
BEGIN
  FOREACH t IN ARRAY ARRAY['artists', 'albums', 'songs', 'song_artists', 'lyrics', 'playlists', 'playlist_tags'] LOOP
    EXECUTE format('CREATE TRIGGER search_%s_added AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION search_queue_%s()', t, t, t);
    EXECUTE format('CREATE TRIGGER search_%s_removed AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION search_queue_%s()', t, t, t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['artists', 'albums', 'songs', 'song_artists', 'lyrics', 'playlists', 'tags'] LOOP
    EXECUTE format('CREATE TRIGGER search_%s_changed AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows '
      'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_queue_%s()', t, t, t);
  END LOOP;
END $$;

-- Forgets every document and queues the whole catalogue, for a catalogue written with the
-- triggers off (`cloudtune migrate` copies with them off): the next refresh rebuilds the index.
CREATE FUNCTION search_reindex() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_queue, search_docs, search_artist_keys, search_songs, search_song_names, search_albums,
    search_album_names, search_artists, search_playlists, search_playlist_names, search_lyrics, search_songs_terms,
    search_albums_terms, search_artists_terms, search_playlists_terms, search_lyrics_terms;
  INSERT INTO search_queue SELECT 100, id FROM artists;
  INSERT INTO search_queue SELECT 10, id FROM albums;
  INSERT INTO search_queue SELECT 1, id FROM songs;
  INSERT INTO search_queue SELECT 1000, id FROM playlists;
  INSERT INTO search_queue SELECT 1006, song_id FROM lyrics;
  UPDATE search_state SET value = value + 1 WHERE key = 'generation';
END $$;

-- A library that existed before this migration is indexed by the first refresh.
SELECT search_reindex();
