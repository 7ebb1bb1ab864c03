-- Lyrics of imported songs were stored as their .lrc file had them; the importer now stores them
-- normalized (@cloudtune/lrc: every stamp as [mm:ss.xx], [offset] applied), so the player shows
-- lines written [m:ss], [mm:ss:xx], … too. A rescan only re-reads files that changed, so the
-- lyrics imported before are normalized here. The demo library already writes [mm:ss.xx].
-- Lyrics with no timed line at all were never shown: the song becomes instrumental (nolyric).
DELETE FROM lyrics
WHERE song_id IN (SELECT song_id FROM library_files) AND lrc_normalize(lrc) = '';

UPDATE lyrics SET lrc = lrc_normalize(lrc), version = version + 1
WHERE song_id IN (SELECT song_id FROM library_files) AND lrc IS NOT lrc_normalize(lrc);

-- Search now indexes exactly the lines the player shows (lrc_text): documents built before are
-- rebuilt by the next search. (The statements above already queued the lyrics they changed.)
INSERT INTO search_queue SELECT 1006, song_id FROM lyrics WHERE song_id IN (SELECT song_id FROM library_files);
