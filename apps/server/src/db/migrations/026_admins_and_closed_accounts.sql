-- Who administers the server, and accounts nobody may log into
-- (docs/decisions/0027-running-on-a-network.md).

-- An administrator: the demo account in demo mode, the first account registered on a server with
-- none, and the phones CLOUDTUNE_ADMIN names. A closed account (below) administers nothing.
ALTER TABLE users ADD COLUMN is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1));
-- 1 = no login of any kind may start (the demo account outside demo mode: no password, no Subsonic
-- password, no session); what it made — playlists, follows, plays — stays in the catalogue.
ALTER TABLE users ADD COLUMN login_disabled INTEGER NOT NULL DEFAULT 0 CHECK (login_disabled IN (0, 1));
