-- What people search for, behind /search/hot and /search/hot/detail beside the plays of the week.
-- A search never writes: the server counts the first pages of searches that found something in
-- memory and adds the counts here on a timer, like a scrobble (services/search/hot.ts). One row
-- per folded keyword and library-clock day; days older than two weeks are pruned by the same
-- timer, and a day takes a bounded number of distinct keywords.
CREATE TABLE search_keywords (
  day     INTEGER NOT NULL,  -- library-clock ms / 86,400,000
  keyword TEXT    NOT NULL,  -- folded as the index folds (case, width, accents): spellings that find the same count together
  shown   TEXT    NOT NULL,  -- as it was last typed (trimmed, single spaces): what the hot list shows
  count   INTEGER NOT NULL,
  PRIMARY KEY (day, keyword)
) WITHOUT ROWID;
