import {
  isSmartGroup,
  SMART_MAX_LIMIT,
  type SmartGroup,
  type SmartNode,
  type SmartDateField,
  type SmartNumberField,
  type SmartRule,
  type SmartRules,
  type SmartSortField,
} from '@cloudtune/contract';
import type { Dialect } from '../../db/database.ts';
import { LIKED_SONGS_SPECIAL_TYPE } from './kinds.ts';

/**
 * A smart playlist's rules compiled to one SELECT over `songs s`: each rule is a test of the
 * song's own columns (an index range) or a membership `s.id IN (…)` of a set the engine builds
 * once per statement from an index (the owner's plays, ratings, likes; a genre's, an artist's or
 * a playlist's songs), so the cost is one pass over the songs whatever the number of rules, and
 * rules of one field that a group would OR together (genre is A, or B, or C) are one set. Values
 * are bound, never written into the text. The same text runs on SQLite and PostgreSQL but for
 * the marked places (case-blind LIKE, name order, how a membership is tested).
 */

/** What a demo song (synthesized, no file) is: the media layer's DEMO_QUALITY. */
export const DEMO_BITRATE = 128_000;
export const DEMO_FILE_TYPE = 'mp3';

const DAY_MS = 86_400_000;

/** Who owns the rules (their plays, likes, ratings) and the library clock's now (for "in the last N days"). */
export interface SmartContext {
  ownerId: number;
  now: number;
  dialect: Dialect;
}

/** A statement selecting `id`, `durationMs`, `createdAt` of songs in the playlist's order; its last `?` is how many. */
export interface SmartStatement {
  sql: string;
  /** the values of every `?` but the last */
  params: unknown[];
}

export interface CompiledSmartRules {
  /** run in turn, each for as many songs as the limit leaves: the playlist is their rows, in order */
  statements: SmartStatement[];
  limit: number;
}

/** The first moment of a day (YYYY-MM-DD) in China Standard Time, where the client's days are. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/** The first moment of a year, UTC (a song's year is its release time's UTC year, as Subsonic reports it). */
export function yearStart(year: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime();
}

/**
 * Where a number field's value starts, in the stored unit: a song "is 2001" when its release
 * time is in [yearStart(2001), yearStart(2002)); lasts 200 s when its length in ms is in
 * [200000, 201000). Every number rule is such a range of the stored value.
 */
const UNIT_START: Record<SmartNumberField, (v: number) => number> = {
  year: yearStart,
  duration: (v) => v * 1000,
  bitrate: (v) => v * 1000,
  playCount: (v) => v,
  rating: (v) => v,
};

/** A half-open range of a stored value [lo, hi) (null: unbounded), or all values outside it. */
interface Range {
  lo: number | null;
  hi: number | null;
  outside: boolean;
}

function rangeOf(rule: NumberRule): Range {
  const start = UNIT_START[rule.field];
  switch (rule.op) {
    case 'is':
      return { lo: start(rule.value), hi: start(rule.value + 1), outside: false };
    case 'isNot':
      return { lo: start(rule.value), hi: start(rule.value + 1), outside: true };
    case 'gt':
      return { lo: start(rule.value + 1), hi: null, outside: false };
    case 'lt':
      return { lo: null, hi: start(rule.value), outside: false };
    case 'between':
      return { lo: start(rule.value[0]), hi: start(rule.value[1] + 1), outside: false };
  }
}

type NumberRule = Extract<SmartRule, { field: SmartNumberField }>;
type DateRule = Extract<SmartRule, { field: SmartDateField }>;
/** The fields of the owner's own rows (ownedNumber). */
type OwnedField = 'playCount' | 'rating' | 'lastPlayed';
/** What a song the owner never played has as its last play: before every time. */
const NEVER = -Infinity;
/** The earliest last play a played song can have: "played before" a day starts here, so the never played stay out. */
const EARLIEST = Number.MIN_SAFE_INTEGER;

const inRange = (r: Range, x: number): boolean => ((r.lo === null || x >= r.lo) && (r.hi === null || x < r.hi)) !== r.outside;

/**
 * A case-blind substring test: the lower-cased name holds the lower-cased value. A plain substring
 * search (instr, strpos) rather than LIKE: no pattern to escape, and on PostgreSQL no ILIKE (what
 * the SQLite-to-PostgreSQL rewrite makes of LIKE) run over text already lower-cased. There the name
 * leaves its case-blind collation first, which substring searches refuse.
 */
const containsText = (expr: string, value: string, q: Sql, lowered: boolean): string => {
  const name = lowered ? expr : `LOWER(${expr})`;
  return q.ctx.dialect === 'postgres'
    ? `strpos(${name} COLLATE "C", ${q.bind(value.toLowerCase())}) > 0`
    : `instr(${name}, ${q.bind(value.toLowerCase())}) > 0`;
};

/**
 * A test of a name column. `lowered`: of the name already lower-cased — several 包含 tests read
 * the names from `nameRows`, which lower-cases each name once, where the engine would otherwise
 * lower-case it again for every test.
 */
interface Names {
  test: (col: string) => string;
  lowered: boolean;
}

/** The rows of a name table (`id`, `name`) a set's names are read from, aliased, each name lower-cased once if the test wants it so. */
function nameRows(q: Sql, table: 'genres' | 'artists' | 'albums', alias: string, names: Names): string {
  if (!names.lowered) return `${table} ${alias}`;
  // The fence (a LIMIT or OFFSET that changes nothing) keeps the engine from folding the
  // subquery into the test and lower-casing at every use again.
  const fence = q.ctx.dialect === 'postgres' ? 'OFFSET 0' : 'LIMIT -1';
  return `(SELECT id, LOWER(name) AS name FROM ${table} ${fence}) ${alias}`;
}

/** The SQL and values of one statement, written left to right. */
class Sql {
  readonly params: unknown[] = [];
  /** sorts by the owner's play_stats: joined once */
  stats = false;
  /** uses the song's library file (its bitrate and type): joined once */
  files = false;
  /** sorts by the owner's rating: joined once */
  rating = false;
  /** SQLite: the positive memberships written, which a statement can be driven from (genreSet) */
  readonly drivers = new Set<string>();
  /** SQLite: each genre test's two forms, by its placeholder (genreSet) */
  readonly genreSets = new Map<string, { set: string; probe: string }>();
  constructor(readonly ctx: SmartContext) {}
  driver(membership: string): string {
    this.drivers.add(membership);
    return membership;
  }
  bind(...values: unknown[]): string {
    this.params.push(...values);
    return values.map(() => '?').join(', ');
  }
}

/**
 * Songs of a set: the owner's, a genre's… `negate`: the songs outside it. Every set selects one
 * non-null column named `song_id`. SQLite builds an `IN` list once per statement (LIST SUBQUERY);
 * PostgreSQL cannot make `NOT IN` an anti-join (its NULL rule), and under OR it hashes an `IN` set
 * only when the set fits work_mem, else rescans the set for every song — so there the test is
 * `EXISTS`, planned as a hash semi- or anti-join under AND and, under OR, as the cheaper of a
 * hashed set and an index probe per song. With no NULL in the sets the two mean the same.
 */
function member(q: Sql, set: string, negate: boolean): string {
  if (q.ctx.dialect === 'postgres') return `${negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM (${set}) m WHERE m.song_id = s.id)`;
  return negate ? `s.id NOT IN (${set})` : q.driver(`s.id IN (${set})`);
}

/**
 * SQLite: a genre's songs (the genres' ids given), a set the size of a ninth of the library or
 * more, which costs more to build (about 25 ms for all of 100,000 songs) than testing each song
 * of a smaller set by song_genres' key. SQLite drives the statement from the first `IN` set it
 * meets, whatever its size, and builds every other one. So the genre test is written as a
 * placeholder that its group decides (drivenGroup): the driving set when nothing else in the
 * group can drive, else a probe per song; one left undecided is the set (resolveGenres).
 */
function genreSet(q: Sql, ids: string): string {
  const token = `@genre${q.genreSets.size}@`;
  q.genreSets.set(token, {
    set: `s.id IN (${genreSongs(ids)})`,
    probe: `EXISTS (SELECT 1 FROM song_genres sg WHERE sg.song_id = s.id AND sg.genre_id IN (${ids}))`,
  });
  return token;
}

/** An "all" group's parts with its genre placeholders decided: one driving set at most, the others probes. */
function drivenGroup(q: Sql, parts: string[]): string[] {
  let driven = parts.some((p) => q.drivers.has(p));
  return parts.map((p) => {
    const genre = q.genreSets.get(p);
    if (!genre) return p;
    if (driven) return genre.probe;
    driven = true;
    return q.driver(genre.set);
  });
}

/** The statement's text with each undecided genre placeholder its set. */
const resolveGenres = (q: Sql, sql: string): string => sql.replace(/@genre\d+@/g, (token) => q.genreSets.get(token)!.set);

function rangeTest(q: Sql, expr: string, r: Range): string {
  const parts = [...(r.lo === null ? [] : [`${expr} >= ${q.bind(r.lo)}`]), ...(r.hi === null ? [] : [`${expr} < ${q.bind(r.hi)}`])];
  const test = parts.length ? parts.join(' AND ') : '1 = 1';
  return r.outside ? `NOT (${test})` : `(${test})`;
}

/**
 * A number only some songs have a row for (the owner's play count, rating, last play): a song
 * without one has `none` (0 plays, rating 0; never played is before every time). The rules are
 * ranges a group's `match` joins (one rule: one range), tested together on one set of rows. When
 * `none` passes, the songs are those outside the set of rows that fail, so the unplayed and the
 * unrated come in without reading every song's row.
 */
function ownedNumber(
  q: Sql,
  ranges: Range[],
  match: SmartGroup['match'],
  rows: (test: (expr: string) => string) => string,
  none = 0,
): string {
  const passes = (expr: string): string =>
    ranges.length === 1
      ? rangeTest(q, expr, ranges[0]!)
      : `(${ranges.map((r) => rangeTest(q, expr, r)).join(match === 'any' ? ' OR ' : ' AND ')})`;
  const nonePasses = match === 'any' ? ranges.some((r) => inRange(r, none)) : ranges.every((r) => inRange(r, none));
  if (!nonePasses) return member(q, rows(passes), false);
  return member(
    q,
    rows((expr) => `NOT ${passes(expr)}`),
    true,
  );
}

/** The owner's rows of a number field: their play counts and last plays (kept per song in play_stats) or ratings. */
const ownedRows =
  (table: 'play_stats' | 'song_ratings', column: string) =>
  (q: Sql) =>
  (test: (expr: string) => string): string =>
    `SELECT song_id FROM ${table} WHERE user_id = ${q.bind(q.ctx.ownerId)} AND ${test(column)}`;
const OWNED_ROWS: Record<OwnedField, (q: Sql) => (test: (expr: string) => string) => string> = {
  playCount: ownedRows('play_stats', 'plays'),
  lastPlayed: ownedRows('play_stats', 'last_played'),
  rating: ownedRows('song_ratings', 'rating'),
};

/**
 * The sets of songs named by text: a genre's, an artist's; `names` is a test of the name column.
 * The names are looked up first (a few thousand rows), then their songs by index, so a test no
 * name passes costs no pass over the songs.
 */
const genreSongs = (ids: string): string => `SELECT sg.song_id FROM song_genres sg WHERE sg.genre_id IN (${ids})`;
const genreIds = (q: Sql, names: Names): string => `SELECT g.id FROM ${nameRows(q, 'genres', 'g', names)} WHERE ${names.test('g.name')}`;
const TEXT_SETS = {
  genre: (q: Sql, names: Names) => genreSongs(genreIds(q, names)),
  artist: (q: Sql, names: Names) =>
    `SELECT sa.song_id FROM song_artists sa WHERE sa.artist_id IN (SELECT a.id FROM ${nameRows(q, 'artists', 'a', names)} WHERE ${names.test('a.name')})`,
};

/**
 * A song's name test, or its negation. A song has one album (songs.album_id, never null), so an
 * album test is of that id: among the albums' ids whose name passes (SQLite builds the list once),
 * or on PostgreSQL a probe of the album's key (a hash semi- or anti-join under AND) — no set of
 * the album's songs is built.
 */
function nameTest(q: Sql, field: TextRule['field'], names: Names, negate: boolean): string {
  if (field === 'genre' && !negate && q.ctx.dialect === 'sqlite') return genreSet(q, genreIds(q, names));
  if (field !== 'album') return member(q, TEXT_SETS[field](q, names), negate);
  // Probed per song by the album's key, so read from the table itself (names lower-cased at each test).
  if (q.ctx.dialect === 'postgres')
    return `${negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM albums al WHERE al.id = s.album_id AND ${names.test(names.lowered ? 'LOWER(al.name)' : 'al.name')})`;
  return `s.album_id ${negate ? 'NOT IN' : 'IN'} (SELECT al.id FROM ${nameRows(q, 'albums', 'al', names)} WHERE ${names.test('al.name')})`;
}

function namesEqual(q: Sql, values: readonly string[]): Names {
  const test = (col: string): string =>
    values.length === 1 ? `${col} = ${q.bind(values[0])} COLLATE NOCASE` : `${col} COLLATE NOCASE IN (${q.bind(...values)})`;
  return { test, lowered: false };
}

/** A test that a name contains any of `values` (case-blind): one pass over the names for all of them. */
function namesContaining(q: Sql, values: readonly string[], lowered = values.length > 1): Names {
  const test = (col: string): string => {
    const tests = values.map((v) => containsText(col, v, q, lowered));
    return tests.length === 1 ? tests[0]! : `(${tests.join(' OR ')})`;
  };
  return { test, lowered };
}

function playlistSet(q: Sql, ids: readonly number[]): string {
  // Only a playlist the owner may see: their own, or a public one (it may have turned private since).
  return `SELECT pt.song_id FROM playlist_tracks pt JOIN playlists p ON p.id = pt.playlist_id
    WHERE pt.playlist_id IN (${q.bind(...ids)}) AND (p.creator_id = ${q.bind(q.ctx.ownerId)} OR p.privacy = 0)`;
}

/** A last-played rule as a range of the owner's last play of a song (never played: NEVER). */
function lastPlayedRange(q: Sql, rule: DateRule): Range {
  switch (rule.op) {
    case 'inLast':
    case 'notInLast':
      return { lo: q.ctx.now - rule.value * DAY_MS, hi: null, outside: rule.op === 'notInLast' };
    case 'before':
      return { lo: EARLIEST, hi: dayStart(rule.value), outside: false };
    case 'after':
      return { lo: dayStart(rule.value) + DAY_MS, hi: null, outside: false };
  }
}

function compileRule(q: Sql, rule: SmartRule): string {
  const owner = q.ctx.ownerId;
  switch (rule.field) {
    case 'genre':
    case 'artist':
    case 'album': {
      if (rule.op === 'is' || rule.op === 'isNot') return nameTest(q, rule.field, namesEqual(q, [rule.value]), rule.op === 'isNot');
      return nameTest(q, rule.field, namesContaining(q, [rule.value]), rule.op === 'notContains');
    }
    case 'fileType':
      q.files = true;
      return `COALESCE(lf.type, '${DEMO_FILE_TYPE}') ${rule.op === 'is' ? '=' : '<>'} ${q.bind(rule.value.toLowerCase())}`;
    case 'year':
      return rangeTest(q, 's.publish_time', rangeOf(rule));
    case 'duration':
      return rangeTest(q, 's.duration_ms', rangeOf(rule));
    case 'bitrate':
      q.files = true;
      return rangeTest(q, `COALESCE(lf.bitrate, ${DEMO_BITRATE})`, rangeOf(rule));
    case 'playCount':
    case 'rating':
      return ownedNumber(q, [rangeOf(rule)], 'all', OWNED_ROWS[rule.field](q));
    case 'addedAt':
      switch (rule.op) {
        case 'inLast':
        case 'notInLast':
          return `${rule.op === 'notInLast' ? 'NOT ' : ''}(s.created_at >= ${q.bind(q.ctx.now - rule.value * DAY_MS)})`;
        case 'before':
          return `s.created_at < ${q.bind(dayStart(rule.value))}`;
        case 'after':
          return `s.created_at >= ${q.bind(dayStart(rule.value) + DAY_MS)}`;
      }
      break;
    case 'lastPlayed':
      return ownedNumber(q, [lastPlayedRange(q, rule)], 'all', OWNED_ROWS.lastPlayed(q), NEVER);
    case 'liked': {
      const liked = `SELECT p.id FROM playlists p WHERE p.creator_id = ${q.bind(owner)} AND p.special_type = ${LIKED_SONGS_SPECIAL_TYPE}`;
      // PostgreSQL: the owner's liked playlist looked up first (an InitPlan), so its songs are read
      // by playlist_tracks' key; joined, the planner guesses an average playlist's size and
      // compares every song with every liked one.
      const playlists = q.ctx.dialect === 'postgres' ? `= ANY (ARRAY(${liked}))` : `IN (${liked})`;
      return member(q, `SELECT pt.song_id FROM playlist_tracks pt WHERE pt.playlist_id ${playlists}`, rule.op === 'isNot');
    }
    case 'playlist':
      return member(q, playlistSet(q, [rule.value]), rule.op === 'notIn');
  }
}

/**
 * Rules of a group that are one set between them: in "any", the songs of genre A or B are the
 * songs of the genres {A, B}, and artists containing 星 or 月 one pass over the artists' names;
 * in "all", not A and not B (not containing 星, not containing 月) are outside that set. A song
 * has one album, so album rules also merge the other way: in "all", containing 夜 and containing
 * 曲 are the albums whose name contains both; in "any", not containing 第1张 or not containing 第2张
 * is outside the albums whose name contains both. A group's ranges of one of the owner's numbers
 * are one set of their rows whatever its match. Keyed by field, by equality or containment, and
 * by how the names combine.
 */
type TextRule = Extract<SmartRule, { field: 'genre' | 'artist' | 'album' }>;
type Mergeable = TextRule | Extract<SmartRule, { field: 'playlist' }> | NumberRule | DateRule;
function mergeKey(q: Sql, group: SmartGroup, rule: SmartRule): string | null {
  const any = group.match === 'any';
  if (rule.field === 'playCount' || rule.field === 'rating' || rule.field === 'lastPlayed') return rule.field;
  if (rule.field === 'genre' || rule.field === 'artist' || rule.field === 'album') {
    const positive = rule.op === 'is' || rule.op === 'contains';
    const kind = rule.op === 'is' || rule.op === 'isNot' ? 'is' : 'contains';
    // Either of the names (any of positive tests, all of negative ones)…
    if (positive === any) return `${rule.field}:${kind}:either`;
    // …or, for the one album a song has, both of them.
    return rule.field === 'album' ? `album:${kind}:both` : null;
  }
  if (rule.field === 'playlist') return (any ? rule.op === 'in' : rule.op === 'notIn') ? rule.field : null;
  return null;
}

function compileMerged(q: Sql, group: SmartGroup, rules: Mergeable[]): string {
  const head = rules[0]!;
  if (head.field === 'playCount' || head.field === 'rating') {
    return ownedNumber(
      q,
      rules.map((r) => rangeOf(r as NumberRule)),
      group.match,
      OWNED_ROWS[head.field](q),
    );
  }
  if (head.field === 'lastPlayed') {
    const ranges = rules.map((r) => lastPlayedRange(q, r as DateRule));
    return ownedNumber(q, ranges, group.match, OWNED_ROWS.lastPlayed(q), NEVER);
  }
  if (head.field === 'playlist') {
    return member(q, playlistSet(q, [...new Set(rules.map((r) => r.value as number))]), group.match === 'all');
  }
  const text = rules as TextRule[];
  const first = text[0]!;
  const positive = first.op === 'is' || first.op === 'contains';
  const contains = first.op === 'contains' || first.op === 'notContains';
  const either = positive === (group.match === 'any');
  if (either) {
    const names = [...new Set(text.map((r) => r.value.toLowerCase()))];
    return nameTest(q, first.field, contains ? namesContaining(q, names) : namesEqual(q, names), !positive);
  }
  // Both: every test on the album's one name.
  const lowered = contains && text.length > 1;
  const tests = text.map((r) => (contains ? namesContaining(q, [r.value], lowered) : namesEqual(q, [r.value])));
  return nameTest(q, 'album', { test: (col) => `(${tests.map((t) => t.test(col)).join(' AND ')})`, lowered }, !positive);
}

function compileGroup(q: Sql, group: SmartGroup): string {
  const merged = new Map<string, Mergeable[]>();
  for (const node of group.rules) {
    const key = isSmartGroup(node) ? null : mergeKey(q, group, node);
    if (key) merged.set(key, [...(merged.get(key) ?? []), node as Mergeable]);
  }
  const parts: string[] = [];
  const done = new Set<string>();
  for (const node of group.rules) {
    const key = isSmartGroup(node) ? null : mergeKey(q, group, node);
    if (key) {
      if (!done.has(key)) parts.push(compileMerged(q, group, merged.get(key)!));
      done.add(key);
    } else parts.push(compileNode(q, node));
  }
  if (parts.length === 0) return group.match === 'all' ? '1 = 1' : '1 = 0';
  // One part is the group: its parent sees a membership or a genre placeholder as it is.
  if (parts.length === 1) return parts[0]!;
  if (group.match === 'all') return `(${drivenGroup(q, parts).join(' AND ')})`;
  return `(${parts.join(' OR ')})`;
}

const compileNode = (q: Sql, node: SmartNode): string => (isSmartGroup(node) ? compileGroup(q, node) : compileRule(q, node));

/** The sort fields that are a column of the owner's play_stats (a song they never played: 0). */
const PLAY_STAT_SORTS = { playCount: 'plays', lastPlayed: 'last_played' } as const;
type PlayStatSort = keyof typeof PLAY_STAT_SORTS;
const isPlayStatSort = (field: SmartSortField): field is PlayStatSort => field in PLAY_STAT_SORTS;

/**
 * Up to this limit a play_stats sort walks the played songs in order (playedAndUnplayed); above it
 * (a long playlist, or none: SMART_MAX_LIMIT) the songs that pass are sorted in one statement, which
 * costs less than building the rules' sets twice and walking the owner's whole history.
 */
const PLAYED_FIRST_MAX_LIMIT = 1000;

/** The expression each sort field orders by (ties: the song's id). */
function sortExpr(q: Sql, field: SmartSortField): string {
  switch (field) {
    // The owner's play_stats row of each song that passed the rules, by its key.
    case 'playCount':
    case 'lastPlayed':
      q.stats = true;
      return `COALESCE(st.${PLAY_STAT_SORTS[field]}, 0)`;
    case 'name':
      // Code-point order on both engines (PostgreSQL's default collation follows the locale).
      return q.ctx.dialect === 'postgres' ? 's.name COLLATE "C"' : 's.name';
    case 'year':
      return 's.publish_time';
    case 'addedAt':
      return 's.created_at';
    case 'duration':
      return 's.duration_ms';
    case 'bitrate':
      q.files = true;
      return `COALESCE(lf.bitrate, ${DEMO_BITRATE})`;
    case 'rating':
      q.rating = true;
      return 'COALESCE(r.rating, 0)';
  }
}

const COLUMNS = 's.id, s.duration_ms AS durationMs, s.created_at AS createdAt';

/** The joins the rules and the sort asked for, their values bound in `head`. */
function joinsOf(where: Sql, head: Sql): string {
  return [
    where.files ? 'LEFT JOIN library_files lf ON lf.song_id = s.id' : '',
    where.stats ? `LEFT JOIN play_stats st ON st.user_id = ${head.bind(where.ctx.ownerId)} AND st.song_id = s.id` : '',
    where.rating ? `LEFT JOIN song_ratings r ON r.user_id = ${head.bind(where.ctx.ownerId)} AND r.song_id = s.id` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The statements selecting a smart playlist's songs for its owner. */
export function compileSmartRules(rules: SmartRules, ctx: SmartContext): CompiledSmartRules {
  const limit = Math.min(rules.limit ?? SMART_MAX_LIMIT, SMART_MAX_LIMIT);
  const direction = rules.sort.order === 'desc' ? 'DESC' : 'ASC';
  const field = rules.sort.field;
  // The WHERE and ORDER BY are compiled first (they decide the joins), the joins' values bound before theirs.
  const where = new Sql(ctx);
  const test = resolveGenres(where, compileGroup(where, rules));
  if (isPlayStatSort(field) && limit <= PLAYED_FIRST_MAX_LIMIT) {
    return { statements: playedAndUnplayed(where, test, PLAY_STAT_SORTS[field], direction), limit };
  }
  const order = sortExpr(where, field);
  const head = new Sql(ctx);
  const joins = joinsOf(where, head);
  const sql = `SELECT ${COLUMNS} FROM songs s ${joins} WHERE ${test} ORDER BY ${order} ${direction}, s.id LIMIT ?`;
  return { statements: [{ sql, params: [...head.params, ...where.params] }], limit };
}

/**
 * Sorted by a play_stats column (the most played, the last played): every song the owner played
 * has more than the 0 of one they never played, so the playlist is the played songs, walked in
 * that order from their play_stats index, then the unplayed in id order (ascending: the other
 * way round). Each statement stops at what the limit leaves, and the second runs only if the first
 * did not fill it: "my 50 most played" reads about 50 songs, not the whole library joined to the
 * plays and sorted.
 */
function playedAndUnplayed(
  where: Sql,
  test: string,
  column: (typeof PLAY_STAT_SORTS)[PlayStatSort],
  direction: 'ASC' | 'DESC',
): SmartStatement[] {
  const owner = where.ctx.ownerId;
  const head = new Sql(where.ctx);
  const joins = joinsOf(where, head);
  const played: SmartStatement = {
    sql: `SELECT ${COLUMNS} FROM play_stats st JOIN songs s ON s.id = st.song_id ${joins}
      WHERE st.user_id = ? AND ${test} ORDER BY st.${column} ${direction}, s.id LIMIT ?`,
    params: [...head.params, owner, ...where.params],
  };
  const unplayed: SmartStatement = {
    sql: `SELECT ${COLUMNS} FROM songs s ${joins}
      WHERE ${test} AND NOT EXISTS (SELECT 1 FROM play_stats st WHERE st.user_id = ? AND st.song_id = s.id) ORDER BY s.id LIMIT ?`,
    params: [...head.params, ...where.params, owner],
  };
  return direction === 'DESC' ? [played, unplayed] : [unplayed, played];
}
