import {
  isSmartGroup,
  smartRules,
  SMART_SORT_FIELDS,
  SMART_TEXT_OPS,
  type SmartNode,
  type SmartNumberField,
  type SmartRule,
  type SmartRules,
} from '@cloudtune/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { createRepos, type Repos } from '../src/repos/index.ts';
import { freshDataDir } from './helpers.ts';

/**
 * Smart playlists against a model: random rule trees (every field and operator, nested groups,
 * any/all, sort and limit) over random small libraries (songs with genres, artists, albums,
 * files; the owner's and another user's plays, ratings, likes and playlists). The songs the
 * SQL selects — and their order — are those an in-memory reading of the rules selects.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The library clock's now for the run: noon in China Standard Time. */
const NOW = Date.parse('2026-06-15T12:00:00+08:00');
const OWNER = 1;
const OTHER = 2;

const GENRES = ['Rock', 'Pop', 'Jazz', '摇滚', '民谣', 'Hip Hop'];
const ARTISTS = ['Ann', 'ANN', 'ann lee', '周杰伦', 'Bo', 'Bo Ya'];
const ALBUMS = ['First', 'first light', '夜曲', 'Blue'];
const TEXT_VALUES = ['Rock', 'rock', 'o', 'ann', 'Ann Lee', '周', '夜曲', 'first', 'light', 'Hip', 'p h', 'Blue', '%', '_'];
/** Days (China Standard Time) around NOW that before/after compare with. */
const DAYS = ['2026-06-01', '2026-06-10', '2026-06-13', '2026-06-14', '2026-06-15'];
/** Ordinary playlists: the owner's public and private ones, another user's public and private ones. */
const PLAYLISTS = [
  { id: 11, owner: OWNER, privacy: 0 },
  { id: 12, owner: OWNER, privacy: 10 },
  { id: 13, owner: OTHER, privacy: 0 },
  { id: 14, owner: OTHER, privacy: 10 },
];
const LIKED = { [OWNER]: 21, [OTHER]: 22 } as const;

interface Song {
  id: number;
  name: string;
  album: string;
  artists: string[];
  genres: string[];
  publishTime: number;
  createdAt: number;
  durationMs: number;
  /** null: a demo song (128 kbit/s MP3) */
  file: { type: string; bitrate: number } | null;
}
interface Library {
  songs: Song[];
  plays: { songId: number; userId: number; at: number }[];
  ratings: { songId: number; userId: number; rating: number }[];
  liked: { songId: number; userId: number }[];
  tracks: { songId: number; playlistId: number }[];
}

const songArb = (id: number): fc.Arbitrary<Song> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('Alpha', 'alpha', 'Beta', '晴天', '七里香', 'Zed', 'a'),
    album: fc.constantFrom(...ALBUMS),
    artists: fc.uniqueArray(fc.constantFrom(...ARTISTS), { minLength: 1, maxLength: 2 }),
    genres: fc.uniqueArray(fc.constantFrom(...GENRES), { maxLength: 2 }),
    // Around the new years of 2000–2002 (UTC), to the hour.
    publishTime: fc.constantFrom(2000, 2001, 2002).chain((y) => fc.integer({ min: -30, max: 30 }).map((h) => Date.UTC(y, 0, 1) + h * HOUR)),
    createdAt: fc.integer({ min: 0, max: 20 * 24 }).map((h) => NOW - h * HOUR),
    durationMs: fc.integer({ min: 99_000, max: 104_999 }),
    file: fc.option(
      fc.record({ type: fc.constantFrom('mp3', 'flac', 'ogg'), bitrate: fc.constantFrom(128_000, 191_500, 192_000, 320_000) }),
    ),
  });

const libraryArb: fc.Arbitrary<Library> = fc.integer({ min: 1, max: 10 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  const songId = fc.constantFrom(...ids);
  const user = fc.constantFrom(OWNER, OTHER);
  return fc.record({
    songs: fc.tuple(...ids.map(songArb)),
    plays: fc.array(fc.record({ songId, userId: user, at: fc.integer({ min: 0, max: 20 * 24 }).map((h) => NOW - h * HOUR) }), {
      maxLength: 25,
    }),
    ratings: fc
      .uniqueArray(fc.record({ songId, userId: user }), { selector: (r) => `${r.songId} ${r.userId}`, maxLength: 12 })
      .chain((keys) => fc.tuple(...keys.map((k) => fc.integer({ min: 1, max: 5 }).map((rating) => ({ ...k, rating }))))),
    liked: fc.uniqueArray(fc.record({ songId, userId: user }), { selector: (r) => `${r.songId} ${r.userId}`, maxLength: 12 }),
    tracks: fc.uniqueArray(fc.record({ songId, playlistId: fc.constantFrom(...PLAYLISTS.map((p) => p.id)) }), {
      selector: (r) => `${r.songId} ${r.playlistId}`,
      maxLength: 20,
    }),
  });
});

function numberRuleArb(field: SmartNumberField, values: readonly number[]): fc.Arbitrary<SmartRule> {
  const v = fc.constantFrom(...values);
  return fc.oneof(
    fc.record({ field: fc.constant(field), op: fc.constantFrom('is' as const, 'isNot' as const, 'gt' as const, 'lt' as const), value: v }),
    fc.tuple(v, v).map(([a, b]): SmartRule => ({ field, op: 'between', value: [Math.min(a, b), Math.max(a, b)] })),
  );
}

const ruleArb: fc.Arbitrary<SmartRule> = fc.oneof(
  fc.record({
    field: fc.constantFrom('genre' as const, 'artist' as const, 'album' as const),
    op: fc.constantFrom(...SMART_TEXT_OPS),
    value: fc.constantFrom(...TEXT_VALUES),
  }),
  fc.record({
    field: fc.constant('fileType' as const),
    op: fc.constantFrom('is' as const, 'isNot' as const),
    value: fc.constantFrom('mp3', 'FLAC', 'ogg'),
  }),
  numberRuleArb('year', [1999, 2000, 2001, 2002, 2003]),
  numberRuleArb('playCount', [0, 1, 2, 3, 4]),
  numberRuleArb('rating', [0, 1, 2, 3, 4, 5]),
  numberRuleArb('duration', [98, 99, 100, 101, 102, 104, 105]),
  numberRuleArb('bitrate', [127, 128, 129, 191, 192, 320, 321]),
  fc.record({
    field: fc.constantFrom('addedAt' as const, 'lastPlayed' as const),
    op: fc.constantFrom('inLast' as const, 'notInLast' as const),
    value: fc.integer({ min: 1, max: 21 }),
  }),
  fc.record({
    field: fc.constantFrom('addedAt' as const, 'lastPlayed' as const),
    op: fc.constantFrom('before' as const, 'after' as const),
    value: fc.constantFrom(...DAYS),
  }),
  fc.record({ field: fc.constant('liked' as const), op: fc.constantFrom('is' as const, 'isNot' as const) }),
  fc.record({
    field: fc.constant('playlist' as const),
    op: fc.constantFrom('in' as const, 'notIn' as const),
    value: fc.constantFrom(11, 12, 13, 14, 99),
  }),
);

const matchArb = fc.constantFrom('all' as const, 'any' as const);
const { node: nodeArb } = fc.letrec<{ node: SmartNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    ruleArb,
    fc.record({ match: matchArb, rules: fc.array(tie('node'), { minLength: 1, maxLength: 4 }) }),
  ),
}));
const rulesArb: fc.Arbitrary<SmartRules> = fc.record({
  match: matchArb,
  rules: fc.array(nodeArb, { minLength: 1, maxLength: 5 }),
  sort: fc.record({ field: fc.constantFrom(...SMART_SORT_FIELDS), order: fc.constantFrom('asc' as const, 'desc' as const) }),
  limit: fc.option(fc.integer({ min: 1, max: 8 })),
});

// The model -------------------------------------------------------------------------------------

/** The day (YYYY-MM-DD) of a moment in China Standard Time. */
const cstDay = (ms: number): string => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

interface Facts {
  playCount: number;
  lastPlayed: number | null;
  rating: number;
  liked: boolean;
  bitrate: number;
  fileType: string;
}

function factsOf(lib: Library, song: Song): Facts {
  const plays = lib.plays.filter((p) => p.songId === song.id && p.userId === OWNER).map((p) => p.at);
  return {
    playCount: plays.length,
    lastPlayed: plays.length ? Math.max(...plays) : null,
    rating: lib.ratings.find((r) => r.songId === song.id && r.userId === OWNER)?.rating ?? 0,
    liked: lib.liked.some((l) => l.songId === song.id && l.userId === OWNER),
    bitrate: song.file?.bitrate ?? 128_000,
    fileType: song.file?.type ?? 'mp3',
  };
}

function numberValue(field: SmartNumberField, song: Song, f: Facts): number {
  switch (field) {
    case 'year':
      return new Date(song.publishTime).getUTCFullYear();
    case 'duration':
      return Math.floor(song.durationMs / 1000);
    case 'bitrate':
      return Math.floor(f.bitrate / 1000);
    case 'playCount':
      return f.playCount;
    case 'rating':
      return f.rating;
  }
}

function textMatches(names: readonly string[], op: (typeof SMART_TEXT_OPS)[number], value: string): boolean {
  const v = value.toLowerCase();
  const hit = names.some((n) => (op === 'is' || op === 'isNot' ? n.toLowerCase() === v : n.toLowerCase().includes(v)));
  return op === 'is' || op === 'contains' ? hit : !hit;
}

function holds(lib: Library, song: Song, f: Facts, rule: SmartRule): boolean {
  switch (rule.field) {
    case 'genre':
      return textMatches(song.genres, rule.op, rule.value);
    case 'artist':
      return textMatches(song.artists, rule.op, rule.value);
    case 'album':
      return textMatches([song.album], rule.op, rule.value);
    case 'fileType':
      return (f.fileType === rule.value.toLowerCase()) === (rule.op === 'is');
    case 'liked':
      return f.liked === (rule.op === 'is');
    case 'playlist': {
      const p = PLAYLISTS.find((x) => x.id === rule.value);
      const visible = p && (p.owner === OWNER || p.privacy === 0);
      const inIt = !!visible && lib.tracks.some((t) => t.playlistId === rule.value && t.songId === song.id);
      return inIt === (rule.op === 'in');
    }
    case 'addedAt':
    case 'lastPlayed': {
      const at = rule.field === 'addedAt' ? song.createdAt : f.lastPlayed;
      switch (rule.op) {
        case 'inLast':
          return at !== null && at >= NOW - rule.value * DAY;
        case 'notInLast':
          return !(at !== null && at >= NOW - rule.value * DAY);
        case 'before':
          return at !== null && cstDay(at) < rule.value;
        case 'after':
          return at !== null && cstDay(at) > rule.value;
      }
      break;
    }
    default: {
      const x = numberValue(rule.field, song, f);
      switch (rule.op) {
        case 'is':
          return x === rule.value;
        case 'isNot':
          return x !== rule.value;
        case 'gt':
          return x > rule.value;
        case 'lt':
          return x < rule.value;
        case 'between':
          return x >= rule.value[0] && x <= rule.value[1];
      }
    }
  }
}

function nodeHolds(lib: Library, song: Song, f: Facts, node: SmartNode): boolean {
  if (!isSmartGroup(node)) return holds(lib, song, f, node);
  return node.match === 'all' ? node.rules.every((n) => nodeHolds(lib, song, f, n)) : node.rules.some((n) => nodeHolds(lib, song, f, n));
}

function sortKey(rules: SmartRules, song: Song, f: Facts): number | string {
  switch (rules.sort.field) {
    case 'name':
      return song.name;
    case 'year':
      return song.publishTime;
    case 'addedAt':
      return song.createdAt;
    case 'duration':
      return song.durationMs;
    case 'bitrate':
      return f.bitrate;
    case 'playCount':
      return f.playCount;
    case 'lastPlayed':
      return f.lastPlayed ?? 0;
    case 'rating':
      return f.rating;
  }
}

function modelAnswer(lib: Library, rules: SmartRules): number[] {
  const chosen = lib.songs.map((s) => ({ s, f: factsOf(lib, s) })).filter(({ s, f }) => nodeHolds(lib, s, f, rules));
  const dir = rules.sort.order === 'asc' ? 1 : -1;
  chosen.sort((a, b) => {
    const ka = sortKey(rules, a.s, a.f);
    const kb = sortKey(rules, b.s, b.f);
    return ka < kb ? -dir : ka > kb ? dir : a.s.id - b.s.id;
  });
  return chosen.slice(0, rules.limit ?? undefined).map(({ s }) => s.id);
}

// The library in the database ------------------------------------------------------------------

let db: Db;
let repos: Repos;

async function store(lib: Library): Promise<void> {
  await db.tx(async () => {
    for (const table of [
      'playlist_tracks',
      'playlists',
      'song_ratings',
      'play_records',
      'library_files',
      'song_genres',
      'album_genres',
      'genres',
      'song_artists',
      'songs',
      'albums',
      'artists',
    ]) {
      await db.run(`DELETE FROM ${table}`);
    }
    for (const [i, name] of ARTISTS.entries()) {
      await db.run('INSERT INTO artists (id, name, area, type, created_at) VALUES (?, ?, 0, 1, 0)', i + 1, name);
    }
    for (const [i, name] of ALBUMS.entries()) {
      await db.run('INSERT INTO albums (id, name, artist_id, publish_time, created_at) VALUES (?, ?, 1, 0, 0)', i + 1, name);
    }
    for (const [i, name] of GENRES.entries()) await db.run('INSERT INTO genres (id, name) VALUES (?, ?)', i + 1, name);
    for (const s of lib.songs) {
      await db.run(
        `INSERT INTO songs (id, name, album_id, track_no, duration_ms, audio_seed, file_path, publish_time, created_at)
         VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)`,
        s.id,
        s.name,
        ALBUMS.indexOf(s.album) + 1,
        s.durationMs,
        s.file ? null : s.id,
        s.file ? `song-${s.id}.${s.file.type}` : null,
        s.publishTime,
        s.createdAt,
      );
      for (const [position, a] of s.artists.entries()) {
        await db.run('INSERT INTO song_artists (song_id, artist_id, position) VALUES (?, ?, ?)', s.id, ARTISTS.indexOf(a) + 1, position);
      }
      for (const [position, g] of s.genres.entries()) {
        await db.run('INSERT INTO song_genres (song_id, genre_id, position) VALUES (?, ?, ?)', s.id, GENRES.indexOf(g) + 1, position);
      }
      if (s.file) {
        await db.run(
          `INSERT INTO library_files (path, song_id, size, mtime_ms, md5, mime_type, type, bitrate, imported_at)
           VALUES (?, ?, 1, 0, '', 'audio/mpeg', ?, ?, 0)`,
          `/music/song-${s.id}`,
          s.id,
          s.file.type,
          s.file.bitrate,
        );
      }
    }
    for (const p of lib.plays)
      await db.run('INSERT INTO play_records (song_id, user_id, played_at) VALUES (?, ?, ?)', p.songId, p.userId, p.at);
    for (const r of lib.ratings) {
      await db.run('INSERT INTO song_ratings (user_id, song_id, rating, rated_at) VALUES (?, ?, ?, 0)', r.userId, r.songId, r.rating);
    }
    const playlists = [
      ...PLAYLISTS.map((p) => ({ ...p, specialType: 0 })),
      { id: LIKED[OWNER], owner: OWNER, privacy: 0, specialType: 5 },
      { id: LIKED[OTHER], owner: OTHER, privacy: 0, specialType: 5 },
    ];
    for (const p of playlists) {
      await db.run(
        'INSERT INTO playlists (id, name, creator_id, special_type, privacy, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)',
        p.id,
        `p${p.id}`,
        p.owner,
        p.specialType,
        p.privacy,
      );
    }
    const tracks = [...lib.tracks, ...lib.liked.map((l) => ({ songId: l.songId, playlistId: LIKED[l.userId as typeof OWNER] }))];
    for (const [position, t] of tracks.entries()) {
      await db.run(
        'INSERT INTO playlist_tracks (playlist_id, song_id, position, added_at) VALUES (?, ?, ?, 0)',
        t.playlistId,
        t.songId,
        position,
      );
    }
  });
}

beforeAll(async () => {
  db = await openDatabase(freshDataDir());
  repos = createRepos(db);
  for (const id of [OWNER, OTHER]) await db.run('INSERT INTO users (id, nickname, created_at) VALUES (?, ?, 0)', id, `user${id}`);
});
afterAll(async () => {
  await db.close();
});

describe('smart playlists against a model', () => {
  it('the generated rules are rules the contract takes', () => {
    fc.assert(
      fc.property(rulesArb, (rules) => {
        expect(smartRules.safeParse(rules).error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('selects, orders and limits the songs as the model does', async () => {
    await fc.assert(
      fc.asyncProperty(libraryArb, fc.array(rulesArb, { minLength: 1, maxLength: 6 }), async (lib, trees) => {
        await store(lib);
        for (const rules of trees) {
          const got = (await repos.playlists.smartTracks(rules, OWNER, NOW)).map((t) => t.songId);
          expect({ rules, got }).toEqual({ rules, got: modelAnswer(lib, rules) });
        }
      }),
      { numRuns: 120 },
    );
  });
});
