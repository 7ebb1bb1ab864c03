-- What Subsonic's user management, API keys, internet radio, podcasts and chat keep
-- (docs/decisions/0033-subsonic-users-keys-podcasts.md).

-- Subsonic's podcastRole: may subscribe to, refresh and delete podcasts and download episodes
-- (administrators always may). The other roles are what the server does for every account and
-- are not stored (services/subsonic/users.ts).
ALTER TABLE users ADD COLUMN podcast_role INTEGER NOT NULL DEFAULT 0 CHECK (podcast_role IN (0, 1));

-- An app password chosen by a person (Subsonic's createUser, updateUser, changePassword) is not
-- unique and may be guessable, so it must never work as an apiKey, which names no user: key_hash
-- becomes NULL for those (only the random ones made by /subsonic/password keep it). SQLite cannot
-- drop NOT NULL in place, so the table is made anew.
CREATE TABLE subsonic_passwords_new (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret     TEXT    NOT NULL,
  key_hash   TEXT    UNIQUE,                 -- sha256 hex of a made password (apiKey lookup); NULL for a chosen one
  created_at INTEGER NOT NULL
);
INSERT INTO subsonic_passwords_new (user_id, secret, key_hash, created_at) SELECT user_id, secret, key_hash, created_at FROM subsonic_passwords;
DROP TABLE subsonic_passwords;
ALTER TABLE subsonic_passwords_new RENAME TO subsonic_passwords;

-- OpenSubsonic API keys (apiKeyAuthentication): several per user, each named, made in 设置 → Subsonic
-- and shown once. Only the key's SHA-256 is kept; revoking deletes the row.
CREATE TABLE subsonic_api_keys (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         TEXT    NOT NULL,
  key_hash     TEXT    NOT NULL UNIQUE,      -- sha256 hex of the key
  created_at   INTEGER NOT NULL,             -- ms, real time
  last_used_at INTEGER                       -- ms; written at most once a minute per key
);
CREATE INDEX subsonic_api_keys_by_user ON subsonic_api_keys (user_id, created_at);

-- Internet radio stations: the server's list, written by administrators, read by everyone.
CREATE TABLE radio_stations (
  id            INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL,
  stream_url    TEXT    NOT NULL,             -- http(s) only
  home_page_url TEXT,                         -- http(s) only
  created_at    INTEGER NOT NULL
);

-- Podcasts the server subscribes to (one list for everyone, as in Subsonic) and their episodes.
CREATE TABLE podcast_channels (
  id            INTEGER PRIMARY KEY,
  url           TEXT    NOT NULL UNIQUE,      -- the RSS feed (http(s))
  title         TEXT    NOT NULL DEFAULT '',
  description   TEXT    NOT NULL DEFAULT '',
  image_url     TEXT,                         -- the feed's own picture, never fetched by the server
  status        TEXT    NOT NULL CHECK (status IN ('new', 'downloading', 'completed', 'error')),
  error_message TEXT,
  created_at    INTEGER NOT NULL,
  refreshed_at  INTEGER
);

-- An episode is keyed in its channel by the feed's guid (else its enclosure URL), so a refresh adds
-- only new ones. status: new (not downloaded), downloading, completed (the file is in
-- <data>/media/podcasts/<id>.<suffix>), error, deleted (file removed; kept so a refresh does not bring it back).
CREATE TABLE podcast_episodes (
  id             INTEGER PRIMARY KEY,
  channel_id     INTEGER NOT NULL REFERENCES podcast_channels (id) ON DELETE CASCADE,
  guid           TEXT    NOT NULL,
  title          TEXT    NOT NULL,
  description    TEXT    NOT NULL DEFAULT '',
  publish_date   INTEGER,                     -- ms
  enclosure_url  TEXT    NOT NULL,
  enclosure_type TEXT,
  duration_s     INTEGER,
  status         TEXT    NOT NULL CHECK (status IN ('new', 'downloading', 'completed', 'error', 'deleted')),
  error_message  TEXT,
  suffix         TEXT,                        -- of the downloaded file
  content_type   TEXT,                        -- audio/* or video/* (anything else is sent as a download)
  size           INTEGER,                     -- bytes: the enclosure's announced length, then the file's
  bit_rate       INTEGER,                     -- kbit/s, read from the downloaded file
  created_at     INTEGER NOT NULL,
  UNIQUE (channel_id, guid)
);
CREATE INDEX podcast_episodes_by_date ON podcast_episodes (publish_date DESC);

-- Subsonic's chat: one room for every user of the server.
CREATE TABLE chat_messages (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message    TEXT    NOT NULL,
  created_at INTEGER NOT NULL                 -- ms, real time
);
CREATE INDEX chat_messages_by_time ON chat_messages (created_at);
