-- PostgreSQL's search index keeps each document's trigram keys (migrations-postgres/042). SQLite's
-- index is FTS5's own; nothing changes here.
SELECT 1;
