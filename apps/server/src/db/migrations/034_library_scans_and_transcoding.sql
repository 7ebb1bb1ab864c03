-- Library folders and their rescans, audio details for transcode decisions, and transcoded
-- variants in more than one format (docs/decisions/0034-library-scans-and-transcoding.md).

-- Every folder imported into the library (`cloudtune import <folder>`, CLOUDTUNE_LIBRARY), by its
-- real absolute path: what a rescan (Subsonic's startScan) walks again. Folders imported before
-- this table existed are recorded the next time they are imported.
CREATE TABLE library_folders (
  path         TEXT    PRIMARY KEY,
  added_at     INTEGER NOT NULL,
  last_scan_at INTEGER                  -- end of the last complete scan of this folder; NULL before one
) WITHOUT ROWID;

-- The library scan, one row: at most one scan runs at a time across every process sharing the
-- database. A scan holds a lease (owner + lease_until, renewed while it works); a process that dies
-- mid-scan leaves a lease that simply expires. `count` is the files seen by the running scan, or by
-- the last one once it ended.
CREATE TABLE library_scan (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  owner       TEXT,                     -- the running scan's id; NULL when none runs
  lease_until INTEGER,                  -- ms; the scan is over for everyone past it, finished or not
  count       INTEGER NOT NULL DEFAULT 0,
  started_at  INTEGER,
  finished_at INTEGER
);
INSERT INTO library_scan (id) VALUES (1);

-- What a transcode decision compares with a player's limits; NULL for files imported before
-- (unknown until the file changes and is read again).
ALTER TABLE library_files ADD COLUMN sample_rate INTEGER;
ALTER TABLE library_files ADD COLUMN channels INTEGER;
ALTER TABLE library_files ADD COLUMN bit_depth INTEGER;

-- Transcoded variants are MP3, Opus or AAC: the format joins the key (existing rows are MP3s).
CREATE TABLE transcoded_files_by_format (
  source_md5  TEXT    NOT NULL,
  format      TEXT    NOT NULL CHECK (format IN ('mp3', 'opus', 'aac')),
  bitrate     INTEGER NOT NULL,
  size        INTEGER NOT NULL,
  md5         TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  accessed_at INTEGER NOT NULL,
  PRIMARY KEY (source_md5, format, bitrate)
) WITHOUT ROWID;
INSERT INTO transcoded_files_by_format (source_md5, format, bitrate, size, md5, created_at, accessed_at)
  SELECT source_md5, 'mp3', bitrate, size, md5, created_at, accessed_at FROM transcoded_files;
DROP TABLE transcoded_files;
ALTER TABLE transcoded_files_by_format RENAME TO transcoded_files;
CREATE INDEX transcoded_files_by_access ON transcoded_files (accessed_at);
