-- State every server process on the database must agree on, kept here rather than in one
-- process's memory (docs/decisions/0040-stateless-processes.md): any number of `cloudtune serve`
-- behind one load balancer answer every request the same.

-- QR-login keys (/login/qr/*): created on one process, opened, approved and polled on any.
-- A key lives QR_KEY_TTL_MS from created_at; used or expired keys are deleted.
CREATE TABLE qr_login_keys (
  key        TEXT    PRIMARY KEY,
  created_at INTEGER NOT NULL,          -- ms (real clock)
  state      TEXT    NOT NULL CHECK (state IN ('waiting', 'scanned', 'approved')),
  user_id    INTEGER REFERENCES users (id) ON DELETE CASCADE,
  CHECK ((state = 'waiting') = (user_id IS NULL))
) WITHOUT ROWID;
CREATE INDEX qr_login_keys_by_age ON qr_login_keys (created_at);

-- 私人FM's trash: songs a listener threw out, kept out of their FM (the newest FM_TRASH_KEPT).
CREATE TABLE fm_trash (
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  song_id    INTEGER NOT NULL,
  trashed_at INTEGER NOT NULL,          -- ms; orders what is kept beyond the cap
  seq        INTEGER NOT NULL,          -- ties of trashed_at, in order of trashing
  PRIMARY KEY (user_id, song_id)
) WITHOUT ROWID;
CREATE INDEX fm_trash_by_age ON fm_trash (user_id, trashed_at, seq);

-- Request budgets (token buckets, and the fixed windows of per-route limits): one row per
-- limiter and key, read and written in one write transaction so every process spends the same
-- budget. Rows untouched for a window are pruned.
CREATE TABLE rate_windows (
  limiter    TEXT    NOT NULL,          -- which budget: 'replay', 'anonymous-plays', 'route:<method> <url>'…
  key        TEXT    NOT NULL,          -- whose: an address, a listener and song…
  amount     REAL    NOT NULL,          -- tokens left (buckets) or requests counted (windows)
  at         INTEGER NOT NULL,          -- ms: last refill (buckets) or the window's start
  expires_at INTEGER NOT NULL,          -- ms: the row means nothing past this (pruned)
  PRIMARY KEY (limiter, key)
) WITHOUT ROWID;
CREATE INDEX rate_windows_by_expiry ON rate_windows (expires_at);

-- Leases: work that must run in one process at a time (chart re-ranking, sweeps). A process
-- holds a lease until expires_at and renews it while it works; one that dies frees it by then.
CREATE TABLE leases (
  name       TEXT    PRIMARY KEY,
  holder     TEXT    NOT NULL,          -- the holding process's random id
  expires_at INTEGER NOT NULL           -- ms (real clock)
) WITHOUT ROWID;
