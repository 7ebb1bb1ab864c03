-- Accounts: the users table (demo listeners, the chart curator, people who register) gains the
-- credentials and settings of a NetEase account; sessions, SMS captchas and daily sign-ins get
-- tables; follows and events are the social graph a profile counts (their API comes later).

-- A password is never stored, nor the MD5 a client sends for it: password_hash is
-- `scrypt$N$r$p$salt$hash` of that MD5 (services/accounts/passwords.ts). NULL = cannot log in
-- with a password (the demo listeners other than the demo account).
ALTER TABLE users ADD COLUMN country_code  TEXT NOT NULL DEFAULT '86';
ALTER TABLE users ADD COLUMN phone         TEXT;
ALTER TABLE users ADD COLUMN email         TEXT;
ALTER TABLE users ADD COLUMN password_hash TEXT;
-- Uploaded avatar: the file <data>/media/avatars/<avatar_hash>.jpg; NULL = generated art.
ALTER TABLE users ADD COLUMN avatar_hash   TEXT;
-- NetEase's peopleCanSeeMyPlayRecord: whether others may read /user/record.
ALTER TABLE users ADD COLUMN play_record_public INTEGER NOT NULL DEFAULT 1 CHECK (play_record_public IN (0, 1));

CREATE UNIQUE INDEX users_by_phone ON users (country_code, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX users_by_email ON users (email COLLATE NOCASE) WHERE email IS NOT NULL;
-- Nicknames are unique like NetEase's (case-insensitively for Latin letters).
CREATE UNIQUE INDEX users_by_nickname ON users (nickname COLLATE NOCASE);
CREATE INDEX users_by_avatar ON users (avatar_hash) WHERE avatar_hash IS NOT NULL;

-- A login: the MUSIC_U cookie holds a random 32-byte token; only its SHA-256 is kept, so the
-- table cannot be replayed as cookies. Logout revokes; expired and revoked rows are pruned.
CREATE TABLE sessions (
  id          INTEGER PRIMARY KEY,
  token_hash  TEXT    NOT NULL UNIQUE,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,              -- ms, real time
  expires_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- The SMS code last sent to a phone (one per phone; a new one replaces it). A 4-digit code is
-- no secret worth hashing (10,000 guesses find it); what protects it is the 5-minute life and
-- the burn after 5 wrong tries.
CREATE TABLE captchas (
  country_code TEXT    NOT NULL,
  phone        TEXT    NOT NULL,
  code         TEXT    NOT NULL,
  sent_at      INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  failures     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (country_code, phone)
) WITHOUT ROWID;

-- /daily_signin: once a day per kind (0 = mobile, 1 = PC/web), the day counted in China time.
CREATE TABLE daily_signins (
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type      INTEGER NOT NULL CHECK (type IN (0, 1)),
  day       TEXT    NOT NULL,                -- YYYY-MM-DD, UTC+8
  signed_at INTEGER NOT NULL,
  point     INTEGER NOT NULL,
  PRIMARY KEY (user_id, type, day)
) WITHOUT ROWID;

CREATE TABLE user_follows (
  follower_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
) WITHOUT ROWID;
CREATE INDEX user_follows_by_followee ON user_follows (followee_id, created_at);

-- A user's events (动态): what they shared. The payload NetEase sends as `json` is built from
-- the resource when read, so a renamed song or playlist shows its current name.
CREATE TABLE user_events (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        INTEGER NOT NULL,              -- NetEase event type: 18 a song shared, 35 a playlist
  msg         TEXT    NOT NULL DEFAULT '',
  resource_id INTEGER NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX user_events_by_user ON user_events (user_id, created_at DESC);

-- /user/record and a profile's listenSongs read one listener's plays.
CREATE INDEX play_records_by_user ON play_records (user_id, played_at) WHERE user_id IS NOT NULL;
