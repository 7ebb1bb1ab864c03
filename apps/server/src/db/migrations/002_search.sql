-- Search index: contentless FTS5 trigram tables. Songs, albums, artists and playlists each have
-- a table of their own names (name, aliases, pinyin); songs, albums and playlists also one of
-- related text (a song's artists and album, an album's artist, a playlist's tags); lyrics have
-- one of their own. Exact and prefix matches look at names only, never wading through the rest.
--
-- Sync: triggers on the catalog tables only queue what changed (search_queue); the search
-- repository applies the queue before it answers (src/repos/search-index.ts), rebuilding each
-- queued document from the views below. So every writer (demo seed, folder import, benchmark
-- generator, a plain SQL insert) is indexed with no extra call, a song's document is built once
-- however many rows its insert touches (song, credits, lyrics), and a batch is written in rowid
-- order, the one order FTS5 appends in without flushing a segment per row.
--
-- Document text. Names are folded with text_fold (case, full-width) and written as segments
-- char(2,2) || text || char(3); a document ends with one more char(3). The markers make the rank
-- classes plain substring queries (exact = "\2\2q\3", prefix = "\2\2q") and make every real
-- character start a trigram, so 1–2 character queries are answered by expanding them to the
-- indexed trigrams that start with them (fts5vocab). Han names also get their pinyin (full and
-- initials) as segments: "zhoujielun" and "zjl" are exact matches of 周杰伦.
--
-- Rowids encode popularity: rank(p) * 2^36 + id with rank(p) = 65535 - log2(p + 1) * 2048
-- (clamped), so FTS5's natural rowid order is "most popular first" and a page is the first rows
-- of a match, never a sort of every match. The id is rowid % 2^36; search_docs remembers each
-- document's rowid so a changed popularity can move it.

CREATE VIRTUAL TABLE search_song_names USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_song_credits USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_album_names USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_album_credits USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_artist_names USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_playlist_names USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_playlist_tags USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_lyrics USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');

-- The indexed trigrams of each table, for expanding 1–2 character queries.
CREATE VIRTUAL TABLE search_song_names_terms USING fts5vocab (search_song_names, row);
CREATE VIRTUAL TABLE search_song_credits_terms USING fts5vocab (search_song_credits, row);
CREATE VIRTUAL TABLE search_album_names_terms USING fts5vocab (search_album_names, row);
CREATE VIRTUAL TABLE search_album_credits_terms USING fts5vocab (search_album_credits, row);
CREATE VIRTUAL TABLE search_artist_names_terms USING fts5vocab (search_artist_names, row);
CREATE VIRTUAL TABLE search_playlist_names_terms USING fts5vocab (search_playlist_names, row);
CREATE VIRTUAL TABLE search_playlist_tags_terms USING fts5vocab (search_playlist_tags, row);
CREATE VIRTUAL TABLE search_lyrics_terms USING fts5vocab (search_lyrics, row);

-- An artist's name segments, computed once when the artist is indexed (pinyin is the costly
-- part) and reused by the documents of the artist's songs and albums.
CREATE TABLE search_artist_keys (
  artist_id INTEGER PRIMARY KEY,
  keys      TEXT NOT NULL
);

-- Documents, one view per kind; applying the queue inserts from them.
CREATE VIEW search_artist_docs AS
SELECT a.id,
  (65535 - min(65535, CAST(log2(max(a.popularity, 0) + 1) * 2048 AS INTEGER))) * 68719476736 + a.id AS doc_id,
  char(2, 2) || text_fold(a.name) || char(3)
    || CASE WHEN a.name GLOB '*[㐀-鿿豈-﫿]*'
         THEN char(2, 2) || pinyin_full(a.name) || char(3)
           || CASE WHEN length(a.name) > 1 THEN char(2, 2) || pinyin_initials(a.name) || char(3) ELSE '' END
         ELSE '' END
    || CASE WHEN coalesce(a.trans, '') <> '' THEN char(2, 2) || text_fold(a.trans) || char(3) ELSE '' END
    || CASE WHEN json_valid(a.aliases)
         THEN coalesce((SELECT group_concat(char(2, 2) || text_fold(value) || char(3), '') FROM json_each(a.aliases)), '')
         ELSE '' END AS keys
FROM artists a;

CREATE VIEW search_album_docs AS
SELECT al.id,
  (65535 - min(65535, CAST(log2(max(coalesce(ar.popularity, 0), 0) + 1) * 2048 AS INTEGER))) * 68719476736 + al.id AS doc_id,
  char(2, 2) || text_fold(al.name) || char(3)
    || CASE WHEN al.name GLOB '*[㐀-鿿豈-﫿]*'
         THEN char(2, 2) || pinyin_full(al.name) || char(3)
           || CASE WHEN length(al.name) > 1 THEN char(2, 2) || pinyin_initials(al.name) || char(3) ELSE '' END
         ELSE '' END
    || CASE WHEN json_valid(al.aliases)
         THEN coalesce((SELECT group_concat(char(2, 2) || text_fold(value) || char(3), '') FROM json_each(al.aliases)), '')
         ELSE '' END
    || char(3) AS name,
  coalesce((SELECT keys FROM search_artist_keys k WHERE k.artist_id = al.artist_id), '') || char(3) AS credits
FROM albums al LEFT JOIN artists ar ON ar.id = al.artist_id;

CREATE VIEW search_song_docs AS
SELECT s.id,
  (65535 - min(65535, CAST(log2(max(s.popularity, 0) + 1) * 2048 AS INTEGER))) * 68719476736 + s.id AS doc_id,
  char(2, 2) || text_fold(s.name) || char(3)
    || CASE WHEN s.name GLOB '*[㐀-鿿豈-﫿]*'
         THEN char(2, 2) || pinyin_full(s.name) || char(3)
           || CASE WHEN length(s.name) > 1 THEN char(2, 2) || pinyin_initials(s.name) || char(3) ELSE '' END
         ELSE '' END
    || CASE WHEN json_valid(s.aliases)
         THEN coalesce((SELECT group_concat(char(2, 2) || text_fold(value) || char(3), '') FROM json_each(s.aliases)), '')
         ELSE '' END
    || char(3) AS name,
  coalesce((SELECT group_concat(k.keys, '') FROM song_artists sa JOIN search_artist_keys k ON k.artist_id = sa.artist_id
            WHERE sa.song_id = s.id), '')
    || coalesce((SELECT char(2, 2) || text_fold(al.name) || char(3) FROM albums al WHERE al.id = s.album_id), '')
    || char(3) AS credits
FROM songs s;

-- Only public playlists are findable (privacy 10 = private).
CREATE VIEW search_playlist_docs AS
SELECT p.id,
  (65535 - min(65535, CAST(log2(max(p.play_count, 0) + 1) * 2048 AS INTEGER))) * 68719476736 + p.id AS doc_id,
  char(2, 2) || text_fold(p.name) || char(3)
    || CASE WHEN p.name GLOB '*[㐀-鿿豈-﫿]*'
         THEN char(2, 2) || pinyin_full(p.name) || char(3)
           || CASE WHEN length(p.name) > 1 THEN char(2, 2) || pinyin_initials(p.name) || char(3) ELSE '' END
         ELSE '' END
    || char(3) AS name,
  coalesce((SELECT group_concat(char(2, 2) || text_fold(t.name) || char(3), '') FROM playlist_tags pt
            JOIN tags t ON t.id = pt.tag_id WHERE pt.playlist_id = p.id), '') || char(3) AS tags
FROM playlists p WHERE p.privacy = 0;

CREATE VIEW search_lyric_docs AS
SELECT l.song_id AS id,
  (65535 - min(65535, CAST(log2(max(s.popularity, 0) + 1) * 2048 AS INTEGER))) * 68719476736 + s.id AS doc_id,
  text_fold(lrc_text(l.lrc)) || char(3, 3) AS lyric
FROM lyrics l JOIN songs s ON s.id = l.song_id;


-- What is indexed under which rowid; kind is NetEase's search type (1 song, 10 album,
-- 100 artist, 1000 playlist, 1006 lyric).
CREATE TABLE search_docs (
  kind   INTEGER NOT NULL,
  id     INTEGER NOT NULL,
  doc_id INTEGER NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

-- Bumped whenever queued documents are indexed: readers drop what they derived from the
-- index (expansions of short keywords) when it moves, whichever connection indexed.
CREATE TABLE search_state (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO search_state VALUES ('generation', 0);

-- Documents to rebuild (or drop, when the row is gone) before the next search. No unique key
-- on purpose: an UPSERT's ON CONFLICT would override a trigger's OR IGNORE and fail the write,
-- so triggers append freely and the drain reads ids through IN (...), where repeats are harmless.
CREATE TABLE search_queue (
  kind INTEGER NOT NULL,
  id   INTEGER NOT NULL
);
CREATE INDEX search_queue_kind_id ON search_queue (kind, id);

-- Artists: their keys feed their albums' and songs' documents; album rank is the artist's fame.
CREATE TRIGGER search_artist_added AFTER INSERT ON artists BEGIN
  INSERT INTO search_queue VALUES (100, NEW.id);
END;
CREATE TRIGGER search_artist_changed AFTER UPDATE OF name, trans, aliases, popularity ON artists BEGIN
  INSERT INTO search_queue VALUES (100, NEW.id);
  INSERT INTO search_queue SELECT 10, id FROM albums WHERE artist_id = NEW.id;
  INSERT INTO search_queue SELECT 1, song_id FROM song_artists
    WHERE artist_id = NEW.id AND (OLD.name IS NOT NEW.name OR OLD.trans IS NOT NEW.trans OR OLD.aliases IS NOT NEW.aliases);
END;
CREATE TRIGGER search_artist_removed AFTER DELETE ON artists BEGIN
  INSERT INTO search_queue VALUES (100, OLD.id);
END;

-- Albums: a song's document carries its album's name.
CREATE TRIGGER search_album_added AFTER INSERT ON albums BEGIN
  INSERT INTO search_queue VALUES (10, NEW.id);
END;
CREATE TRIGGER search_album_changed AFTER UPDATE OF name, aliases, artist_id ON albums BEGIN
  INSERT INTO search_queue VALUES (10, NEW.id);
  INSERT INTO search_queue SELECT 1, id FROM songs WHERE album_id = NEW.id AND OLD.name IS NOT NEW.name;
END;
CREATE TRIGGER search_album_removed AFTER DELETE ON albums BEGIN
  INSERT INTO search_queue VALUES (10, OLD.id);
END;

-- Songs, their credits and lyrics (a lyric document is ranked by its song's popularity).
CREATE TRIGGER search_song_added AFTER INSERT ON songs BEGIN
  INSERT INTO search_queue VALUES (1, NEW.id);
END;
CREATE TRIGGER search_song_changed AFTER UPDATE OF name, aliases, album_id, popularity ON songs BEGIN
  INSERT INTO search_queue VALUES (1, NEW.id);
  INSERT INTO search_queue SELECT 1006, NEW.id WHERE OLD.popularity IS NOT NEW.popularity;
END;
CREATE TRIGGER search_song_removed AFTER DELETE ON songs BEGIN
  INSERT INTO search_queue VALUES (1, OLD.id), (1006, OLD.id);
END;
CREATE TRIGGER search_credit_added AFTER INSERT ON song_artists BEGIN
  INSERT INTO search_queue VALUES (1, NEW.song_id);
END;
CREATE TRIGGER search_credit_changed AFTER UPDATE ON song_artists BEGIN
  INSERT INTO search_queue VALUES (1, OLD.song_id), (1, NEW.song_id);
END;
CREATE TRIGGER search_credit_removed AFTER DELETE ON song_artists BEGIN
  INSERT INTO search_queue VALUES (1, OLD.song_id);
END;
CREATE TRIGGER search_lyric_added AFTER INSERT ON lyrics BEGIN
  INSERT INTO search_queue VALUES (1006, NEW.song_id);
END;
CREATE TRIGGER search_lyric_changed AFTER UPDATE ON lyrics BEGIN
  INSERT INTO search_queue VALUES (1006, OLD.song_id), (1006, NEW.song_id);
END;
CREATE TRIGGER search_lyric_removed AFTER DELETE ON lyrics BEGIN
  INSERT INTO search_queue VALUES (1006, OLD.song_id);
END;

-- Playlists and their tags.
CREATE TRIGGER search_playlist_added AFTER INSERT ON playlists BEGIN
  INSERT INTO search_queue VALUES (1000, NEW.id);
END;
CREATE TRIGGER search_playlist_changed AFTER UPDATE OF name, play_count, privacy ON playlists BEGIN
  INSERT INTO search_queue VALUES (1000, NEW.id);
END;
CREATE TRIGGER search_playlist_removed AFTER DELETE ON playlists BEGIN
  INSERT INTO search_queue VALUES (1000, OLD.id);
END;
CREATE TRIGGER search_playlist_tag_added AFTER INSERT ON playlist_tags BEGIN
  INSERT INTO search_queue VALUES (1000, NEW.playlist_id);
END;
CREATE TRIGGER search_playlist_tag_removed AFTER DELETE ON playlist_tags BEGIN
  INSERT INTO search_queue VALUES (1000, OLD.playlist_id);
END;
CREATE TRIGGER search_tag_renamed AFTER UPDATE OF name ON tags BEGIN
  INSERT INTO search_queue SELECT 1000, playlist_id FROM playlist_tags WHERE tag_id = NEW.id;
END;

-- A library that existed before this migration is indexed by the first search.
INSERT INTO search_queue SELECT 100, id FROM artists;
INSERT INTO search_queue SELECT 10, id FROM albums;
INSERT INTO search_queue SELECT 1, id FROM songs;
INSERT INTO search_queue SELECT 1000, id FROM playlists;
INSERT INTO search_queue SELECT 1006, song_id FROM lyrics;
