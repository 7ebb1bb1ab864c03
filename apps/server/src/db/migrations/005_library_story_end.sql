-- Demo libraries seeded before the story end was recorded: their story ends at the demo epoch
-- (2025-01-01T00:00:00Z), which the library clock starts from the first time it is served.
INSERT INTO app_meta (key, value)
SELECT 'library_story_end', '1735689600000'
WHERE EXISTS (SELECT 1 FROM app_meta WHERE key = 'demo_library')
  AND NOT EXISTS (SELECT 1 FROM app_meta WHERE key = 'library_story_end');
