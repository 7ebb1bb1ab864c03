-- Subsonic app passwords and the albums and artists a user collects (收藏).
--
-- Subsonic token auth (t = md5(password + s)) needs a secret the server can read, so it is never the
-- login password (stored only as scrypt): each user may have one app password for Subsonic clients,
-- kept encrypted (AES-256-GCM, key from CLOUDTUNE_SECRET_KEY or <data>/secret.key) and, for the
-- OpenSubsonic apiKey, as its SHA-256 (docs/decisions/0022-subsonic-auth.md). Revoking deletes the row.
CREATE TABLE subsonic_passwords (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret     TEXT    NOT NULL,               -- base64url(iv) . base64url(tag) . base64url(ciphertext)
  key_hash   TEXT    NOT NULL UNIQUE,        -- sha256 hex of the password (apiKey lookup)
  created_at INTEGER NOT NULL                -- ms, real time
);

-- /album/sub and /artist/sub of the NetEase API, star/unstar of albums and artists in Subsonic:
-- one table each, the same rows for both APIs. (Starred songs are the 我喜欢的音乐 playlist.)
CREATE TABLE album_subs (
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, album_id)
) WITHOUT ROWID;
CREATE INDEX album_subs_by_album ON album_subs (album_id);

CREATE TABLE artist_subs (
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  artist_id  INTEGER NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, artist_id)
) WITHOUT ROWID;
CREATE INDEX artist_subs_by_artist ON artist_subs (artist_id);
