-- Search index, second design: one contentless FTS5 trigram table per kind holding each document
-- whole, so that FTS5 itself intersects the words of a multi-word keyword ("周星野 月光": every word
-- somewhere in the same document). Migration 002 kept a kind's names and its related text in two
-- tables; a document matching one word by name and another by artist could only be found by
-- intersecting two tables' matches in SQL, which read every match of both (3 s for a miss at 100k
-- songs). Here `"w1" AND "w2"` walks the words' trigram lists together, skipping ahead.
--
--   search_songs      title, its pinyin, aliases | the artists' keys, the album
--   search_albums     title, pinyin, aliases     | the artist's keys
--   search_artists    name, pinyin full and initials, translation, aliases
--   search_playlists  name and its pinyin        | tags
--   search_lyrics     the sung lines
--
-- The document text is that of migration 002 (folded segments, pinyin, the rowid encoding
-- popularity), names first, except that related text is written as char(1,1) || text || char(4)
-- where a name is char(2,2) || text || char(3). So a document's own names stay apart without a
-- second column: exact and prefix matches are phrases only names contain ("\2\2q\3", "\2\2q"),
-- and "one word is the document's name, the others anywhere" is
-- `("\2\2w1\3" OR "\2\2w2\3") AND "w1" AND "w2"`.
-- (Two columns with column filters were tried: a filtered query that finds nothing in its column
-- reads every row holding its terms, whatever its rowid bound — 130 ms for `name : …` at 1M songs.)
-- Both markers make every real character start a trigram, so 1–2 character words are still
-- expanded to the indexed trigrams starting with them, read from the table's vocabulary
-- (search_*_terms). The queue, its triggers, search_docs and search_artist_keys are migration 002's.

DROP TABLE search_song_names_terms;
DROP TABLE search_song_credits_terms;
DROP TABLE search_album_names_terms;
DROP TABLE search_album_credits_terms;
DROP TABLE search_artist_names_terms;
DROP TABLE search_playlist_names_terms;
DROP TABLE search_playlist_tags_terms;
DROP TABLE search_lyrics_terms;
DROP TABLE search_song_names;
DROP TABLE search_song_credits;
DROP TABLE search_album_names;
DROP TABLE search_album_credits;
DROP TABLE search_artist_names;
DROP TABLE search_playlist_names;
DROP TABLE search_playlist_tags;
DROP TABLE search_lyrics;

CREATE VIRTUAL TABLE search_songs USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_albums USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_artists USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_playlists USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_lyrics USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');

-- The indexed trigrams of each table, for expanding 1–2 character words.
CREATE VIRTUAL TABLE search_songs_terms USING fts5vocab (search_songs, row);
CREATE VIRTUAL TABLE search_albums_terms USING fts5vocab (search_albums, row);
CREATE VIRTUAL TABLE search_artists_terms USING fts5vocab (search_artists, row);
CREATE VIRTUAL TABLE search_playlists_terms USING fts5vocab (search_playlists, row);
CREATE VIRTUAL TABLE search_lyrics_terms USING fts5vocab (search_lyrics, row);

-- Related segments are char(1,1) || text || char(4) (see above); an artist's keys are stored as name segments.
DROP VIEW search_album_docs;
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
  coalesce((SELECT replace(replace(keys, char(2, 2), char(1, 1)), char(3), char(4)) FROM search_artist_keys k
            WHERE k.artist_id = al.artist_id), '')
    || char(3) AS credits
FROM albums al LEFT JOIN artists ar ON ar.id = al.artist_id;

DROP VIEW search_song_docs;
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
  coalesce((SELECT group_concat(replace(replace(k.keys, char(2, 2), char(1, 1)), char(3), char(4)), '') FROM song_artists sa
            JOIN search_artist_keys k ON k.artist_id = sa.artist_id WHERE sa.song_id = s.id), '')
    || coalesce((SELECT char(1, 1) || text_fold(al.name) || char(4) FROM albums al WHERE al.id = s.album_id), '')
    || char(3) AS credits
FROM songs s;

DROP VIEW search_playlist_docs;
CREATE VIEW search_playlist_docs AS
SELECT p.id,
  (65535 - min(65535, CAST(log2(max(p.play_count, 0) + 1) * 2048 AS INTEGER))) * 68719476736 + p.id AS doc_id,
  char(2, 2) || text_fold(p.name) || char(3)
    || CASE WHEN p.name GLOB '*[㐀-鿿豈-﫿]*'
         THEN char(2, 2) || pinyin_full(p.name) || char(3)
           || CASE WHEN length(p.name) > 1 THEN char(2, 2) || pinyin_initials(p.name) || char(3) ELSE '' END
         ELSE '' END
    || char(3) AS name,
  coalesce((SELECT group_concat(char(1, 1) || text_fold(t.name) || char(4), '') FROM playlist_tags pt
            JOIN tags t ON t.id = pt.tag_id WHERE pt.playlist_id = p.id), '') || char(3) AS tags
FROM playlists p WHERE p.privacy = 0;

-- Every document is rebuilt into the new tables by the next index refresh (at the latest when
-- the server starts).
DELETE FROM search_docs;
DELETE FROM search_queue;
INSERT INTO search_queue SELECT 100, id FROM artists;
INSERT INTO search_queue SELECT 10, id FROM albums;
INSERT INTO search_queue SELECT 1, id FROM songs;
INSERT INTO search_queue SELECT 1000, id FROM playlists;
INSERT INTO search_queue SELECT 1006, song_id FROM lyrics;
UPDATE search_state SET value = value + 1 WHERE key = 'generation';
