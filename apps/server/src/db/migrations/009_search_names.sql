-- Names alone again, beside the whole documents of migration 007. In a whole document a name's
-- trigrams also occur in the related text (a song by 周星野 holds "zhouxingye" in its artist keys),
-- so a phrase of the name markers ("\2\2q\3", "\2\2q") had many documents to look inside before
-- rejecting them: 10–15 ms for a pinyin keyword at 1M songs, of a 20 ms budget. Songs, albums and
-- playlists keep their name segments (the `name` of their search_*_docs view) in a table of
-- their own, as in migration 002; the exact and prefix classes and "one of the words is the
-- name" read only these (an artist's document is all names already). 1–2 character words are
-- only expanded against the whole documents, so these tables have no vocabulary.
CREATE VIRTUAL TABLE search_song_names USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_album_names USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');
CREATE VIRTUAL TABLE search_playlist_names USING fts5 (
  doc, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1');

-- Filled from what is indexed (queued documents follow with the next refresh, which rewrites
-- both tables), each in rowid order and merged into one segment.
INSERT INTO search_song_names (rowid, doc)
SELECT d.doc_id, v.name FROM search_docs d JOIN search_song_docs v ON v.id = d.id WHERE d.kind = 1 ORDER BY d.doc_id;
INSERT INTO search_album_names (rowid, doc)
SELECT d.doc_id, v.name FROM search_docs d JOIN search_album_docs v ON v.id = d.id WHERE d.kind = 10 ORDER BY d.doc_id;
INSERT INTO search_playlist_names (rowid, doc)
SELECT d.doc_id, v.name FROM search_docs d JOIN search_playlist_docs v ON v.id = d.id WHERE d.kind = 1000 ORDER BY d.doc_id;
INSERT INTO search_song_names (search_song_names) VALUES ('optimize');
INSERT INTO search_album_names (search_album_names) VALUES ('optimize');
INSERT INTO search_playlist_names (search_playlist_names) VALUES ('optimize');
