-- PostgreSQL's search index (migrations-postgres/041_search_postgres.sql): its trigram tables,
-- vocabulary, queue and triggers. SQLite's index is migrations 002–009; nothing changes here.
SELECT 1;
