-- Accounts nobody may log into (docs/decisions/0027-running-on-a-network.md).

-- 1 = no login of any kind may start (the demo account outside demo mode: no password, no Subsonic
-- password, no session); what it made — playlists, follows, plays — stays in the catalogue.
ALTER TABLE users ADD COLUMN login_disabled INTEGER NOT NULL DEFAULT 0 CHECK (login_disabled IN (0, 1));
