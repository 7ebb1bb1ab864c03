-- Login limits in the database rather than in process memory: a restart does not forget them,
-- and several server processes over one database share them (docs/decisions/0026-login-limits-and-captcha.md).

-- One row per failed credential check: a wrong password (NetEase or Subsonic), a wrong SMS code,
-- an unknown account or API key. What the limits read (services/login-limits.ts):
--   address            failures from one client address (IPv6: its /64) across accounts, 15 minutes;
--   user_id, address   whether that address has failed on that account, and the account's count
--                      over 24 hours (the delay such an address waits);
--   phone              wrong codes for one phone over 24 hours (the daily cap).
-- Rows older than a day, and the oldest beyond a fixed number, are deleted as new ones come.
CREATE TABLE login_failures (
  id      INTEGER PRIMARY KEY,
  at      INTEGER NOT NULL,                  -- ms, real time
  address TEXT    NOT NULL,
  user_id INTEGER,                           -- the account tried, when it exists (no foreign key: a record of attempts)
  phone   TEXT                               -- `86 13900000001` for a wrong SMS code
);
CREATE INDEX login_failures_by_address ON login_failures (address, at);
CREATE INDEX login_failures_by_user ON login_failures (user_id, address, at) WHERE user_id IS NOT NULL;
CREATE INDEX login_failures_by_phone ON login_failures (phone, at) WHERE phone IS NOT NULL;
CREATE INDEX login_failures_by_time ON login_failures (at);

-- Codes sent per phone over the last 24 hours (the daily cap on sends); older rows are deleted.
CREATE TABLE captcha_sends (
  phone TEXT    NOT NULL,                    -- `86 13900000001`
  at    INTEGER NOT NULL
);
CREATE INDEX captcha_sends_by_phone ON captcha_sends (phone, at);
CREATE INDEX captcha_sends_by_time ON captcha_sends (at);

-- A code now has 6 digits and a purpose: `login` (NetEase's: log in by code, register a new phone,
-- /captcha/verify) or `reset` (a password reset, asked for as such). A code of one purpose never
-- serves the other. Codes sent before (4 digits, no purpose) are dropped: they lived 5 minutes anyway.
DELETE FROM captchas;
ALTER TABLE captchas ADD COLUMN purpose TEXT NOT NULL DEFAULT 'login' CHECK (purpose IN ('login', 'reset'));
