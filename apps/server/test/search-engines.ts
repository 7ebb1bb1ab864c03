import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { seedDemoLibrary, type DemoLibraryOptions } from '../src/content/demo/index.ts';
import { openSqliteDatabase } from '../src/db/connection.ts';
import type { Database } from '../src/db/database.ts';
import { PostgresDatabase } from '../src/db/postgres.ts';
import { migrateLibrary } from '../src/migrate/index.ts';
import { createRepos, type Repos } from '../src/repos/index.ts';
import type { SearchKind } from '../src/repos/search.ts';
import { rankedPage } from '../src/services/search/ranking.ts';
import { searchKeyword } from '../src/services/search/keywords.ts';
import { lyricLines } from '../src/text/lyrics.ts';
import { pinyinForms } from '../src/text/pinyin.ts';
import { trigramFold } from '../src/text/trigram-fold.ts';
import { freshDataDir } from './helpers.ts';
import { testDatabases, testPostgresCluster } from './postgres-databases.ts';

/**
 * One library built alike in SQLite and in PostgreSQL, and the comparisons that prove both
 * engines' search answers the same (test/search-engines*.test.ts).
 */
export interface Engine {
  name: 'sqlite' | 'postgres';
  db: Database;
  repos: Repos;
  dataDir: string;
  url: string | null;
}

export interface EnginePair {
  sqlite: Engine;
  postgres: Engine;
  close(): Promise<void>;
}

/**
 * The demo seed (or a generated catalog) in both engines, indexed; then `extra` run on each and
 * indexed again. `moved`: PostgreSQL's library is SQLite's copied by `cloudtune migrate` (its
 * triggers off, the index rebuilt from the queued catalogue) instead of seeded on its own.
 */
export async function buildBoth(
  options: DemoLibraryOptions,
  { extra, moved = false }: { extra?: (db: Database) => Promise<void>; moved?: boolean } = {},
): Promise<EnginePair> {
  // A moved library goes into a database of a UTF-8 LC_CTYPE, under which pg_trgm indexes CJK
  // characters (the answers are the same under the clusters' C locale, only slower).

  const cluster = await testPostgresCluster();
  const databases = testDatabases(cluster.url);
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => {});
  };
  try {
    closers.push(() => cluster.stop());
    closers.push(() => databases.dropAll());
    const url = moved ? await utf8Database(cluster.url, closers) : await databases.create();
    const open = async (name: Engine['name'], from?: Engine): Promise<Engine> => {
      const dataDir = freshDataDir();
      closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const db = name === 'sqlite' ? await openSqliteDatabase(dataDir) : new PostgresDatabase(url);
      closers.push(() => db.close());
      if (from) {
        const report = await migrateLibrary({ dataDir: from.dataDir, target: db as PostgresDatabase });
        if (!report.ok) throw new Error('the library was not copied whole');
      } else await seedDemoLibrary(db, options);
      const repos = createRepos(db);
      if (from) await repos.searchIndex.refresh();
      if (extra) {
        await extra(db);
        await repos.searchIndex.refresh();
      }
      return { name, db, repos, dataDir, url: name === 'sqlite' ? null : url };
    };
    let sqlite: Engine;
    let postgres: Engine;
    if (moved) {
      sqlite = await open('sqlite');
      postgres = await open('postgres', sqlite);
    } else [sqlite, postgres] = await Promise.all([open('sqlite'), open('postgres')]);
    return { sqlite, postgres, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A new, empty database of the cluster with LC_CTYPE C.UTF-8, dropped by one of `closers`. */
async function utf8Database(clusterUrl: string, closers: (() => Promise<void>)[]): Promise<string> {
  const name = `cloudtune_engines_${process.pid}`;
  const admin = () => new PostgresDatabase(clusterUrl, { max: 1 });
  const run = async (sql: string) => {
    const db = admin();
    try {
      await db.exec(sql);
    } finally {
      await db.close();
    }
  };
  await run(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`);
  closers.push(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The tables of the index: [table, SQLite's view expression of its document]. */
const DOCUMENTS: readonly [string, string][] = [
  ['search_songs', 'SELECT doc_id, name || credits AS doc FROM search_song_docs'],
  ['search_song_names', 'SELECT doc_id, name AS doc FROM search_song_docs'],
  ['search_albums', 'SELECT doc_id, name || credits AS doc FROM search_album_docs'],
  ['search_album_names', 'SELECT doc_id, name AS doc FROM search_album_docs'],
  ['search_artists', 'SELECT doc_id, keys || char(3) AS doc FROM search_artist_docs'],
  ['search_playlists', 'SELECT doc_id, name || tags AS doc FROM search_playlist_docs'],
  ['search_playlist_names', 'SELECT doc_id, name AS doc FROM search_playlist_docs'],
  ['search_lyrics', 'SELECT doc_id, lyric AS doc FROM search_lyric_docs'],
];
const VOCABULARIES = ['search_songs', 'search_albums', 'search_artists', 'search_playlists', 'search_lyrics'];

export interface Difference {
  what: string;
  sqlite: unknown;
  postgres: unknown;
}

/**
 * Every document as SQLite's views write it (folded as the tokenizer reads it) against what
 * PostgreSQL stores, and every vocabulary's trigrams against FTS5's own; returns the counts compared.
 */
export async function compareIndexes(
  { sqlite, postgres }: EnginePair,
  differences: Difference[],
): Promise<{ documents: number; terms: number }> {
  let documents = 0;
  let terms = 0;
  for (const [table, view] of DOCUMENTS) {
    const want = (await sqlite.db.all<{ doc_id: number; doc: string }>(`${view} ORDER BY doc_id`)).map(
      (r) => `${r.doc_id} ${trigramFold(r.doc)}`,
    );
    const got = (await postgres.db.all<{ doc_id: number; doc: string }>(`SELECT doc_id, doc FROM ${table} ORDER BY doc_id`)).map(
      (r) => `${r.doc_id} ${r.doc}`,
    );
    documents += want.length;
    collect(differences, `${table} documents`, want, got);
  }
  for (const table of VOCABULARIES) {
    const want = await sqlite.db.prepare<[], string>(`SELECT term FROM ${table}_terms ORDER BY term`).pluck().all();
    const got = await postgres.db.prepare<[], string>(`SELECT term FROM ${table}_terms ORDER BY term`).pluck().all();
    terms += want.length;
    collect(differences, `${table}_terms`, want, got);
  }
  return { documents, terms };
}

/** Records the first places two lists differ (a few, not thousands). */
function collect(differences: Difference[], what: string, want: readonly unknown[], got: readonly unknown[]): void {
  if (want.length !== got.length) differences.push({ what: `${what}: count`, sqlite: want.length, postgres: got.length });
  let found = 0;
  for (let i = 0; i < Math.max(want.length, got.length) && found < 3; i++) {
    if (JSON.stringify(want[i]) === JSON.stringify(got[i])) continue;
    differences.push({ what: `${what} [${i}]`, sqlite: want[i], postgres: got[i] });
    found++;
  }
}

/** Full-width forms of ASCII letters and digits (ＬＯＶＥ). */
const fullWidth = (text: string): string => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const chars = (text: string): string[] => [...text];

/**
 * Queries for a library: fixed ones (every kind of character and odd input the index meets)
 * plus ones taken from its own names, pinyin, tags and lyrics, so most find something.
 */
export async function libraryQueries(db: Database, perKind: number): Promise<string[]> {
  const fixed = [
    ...['夜', '月光', '周', '的', '爱', '你好', '我们的歌', '晴天', '光', '雨', '不存在的歌名字', '夜 光', '月光 夜', '周 月光'],
    ...[
      'love',
      'LOVE',
      'Love',
      'Ｌｏｖｅ',
      'ＬＯＶＥ',
      'ight',
      'the',
      'Dreams',
      'midnight dreams',
      'MIDNIGHT',
      'Dreams 2',
      'a',
      'e',
      'ab',
      'x',
      'zz',
    ],
    ...['zhou', 'zh', 'z', 'zj', 'zjl', 'zhoujielun', 'zhouxingye', 'zxy', 'yue', 'yueguang', 'yg', 'chen', 'li', 'wang'],
    ...['café', 'CAFÉ', 'cafe', 'naïve', 'Ångström', 'ß', 'straße', 'ø', 'Øresund', 'œuvre', 'ﬁ', 'ǅ', 'İstanbul', 'ı'],
    ...['Σίσυφος', 'ΑΒΓ', 'αβγ', 'ς', 'Привет', 'ПРИВЕТ', 'привет', 'Ёлка', 'ёлка', 'ОН', 'юла'],
    ...['の', 'こんにちは', 'カタカナ', 'ｶﾀｶﾅ', '東京', '사랑', '사랑해요', '한', 'ㄱ'],
    ...['"', "'", '""', '"月光"', "it's", '%', '_', '%%', '__', '\\', '\\\\', 'a%b', 'a_b', '100%', '%夜%', '_月', 'c:\\path'],
    ...['🎵', '😀', '😀😀😀', '♥', '★月光★', '(', ')', '*', '-', '+', 'AND', 'OR', 'NOT', 'NEAR', 'a OR b', 'x AND y', '^'],
    ...['e\u0301', 'cafe\u0301', 'a\u0308b\u0308c', 'и\u0306', 'q\u0303x', '\u0301\u0301\u0301'],
    ...[' ', '  夜  ', '\t月光\n', 'a b c d e', '夜 光 月 爱 雨', 'zzzzqqqq', '0', '1', '12', '2024', '#'],
  ];
  const derived: string[] = [];
  const names = async (sql: string) => await db.prepare<[number], string>(sql).pluck().all(perKind);
  const sample = (table: string) => `SELECT name FROM ${table} ORDER BY (id * 7919) % 10007, id LIMIT ?`;
  for (const name of [
    ...(await names(sample('songs'))),
    ...(await names(sample('albums'))),
    ...(await names(sample('artists'))),
    ...(await names(sample('playlists'))),
  ]) {
    const c = chars(name);
    derived.push(name, c.slice(0, 1).join(''), c.slice(0, 2).join(''), c.slice(1, 4).join(''), c.slice(-2).join(''));
    const { full, initials } = pinyinForms(name);
    derived.push(full, initials, full.slice(0, 4), full.slice(0, 2), name.toUpperCase(), fullWidth(name));
  }
  const pairs = await db.all<{ song: string; artist: string }>(
    `SELECT s.name AS song, a.name AS artist FROM songs s JOIN song_artists sa ON sa.song_id = s.id JOIN artists a ON a.id = sa.artist_id
     ORDER BY (s.id * 7919) % 10007, s.id, a.id LIMIT ?`,
    perKind,
  );
  for (const { song, artist } of pairs) {
    derived.push(`${artist} ${song}`, `${pinyinForms(artist).initials} ${song}`, `${song} ${chars(artist).slice(0, 1).join('')}`);
  }
  for (const tag of await names('SELECT name FROM tags ORDER BY id LIMIT ?')) derived.push(tag, `${tag} ${chars(tag)[0]}`);
  const lyrics = await db.prepare<[number], string>('SELECT lrc FROM lyrics ORDER BY song_id LIMIT ?').pluck().all(perKind);
  for (const lrc of lyrics) {
    const line = lyricLines(lrc)[1] ?? '';
    derived.push(line, chars(line).slice(2, 6).join(''), chars(line).slice(0, 2).join(''));
  }
  return [...new Set([...fixed, ...derived])].filter((q) => q !== '');
}

const KINDS: readonly SearchKind[] = [1, 10, 100, 1000, 1006];
const HOWS = ['exact', 'prefix', 'phrase', 'anywhere'] as const;
/** [offset, limit, countUpTo]: /search's first and second pages, its last page under the cap, a suggestion's. */
const PAGES: readonly (readonly [number, number, number])[] = [
  [0, 30, 600],
  [30, 30, 600],
  [570, 30, 600],
  [0, 4, 4],
];

/**
 * Each query through both engines' repositories: every kind, every match class (up to 600
 * ids), and the ranked pages /search and /search/suggest read (first, second and a far page,
 * with their counts). `quick`: the classes the pages do not read themselves (phrase, anywhere)
 * and the first, far and suggestion pages only. Returns how many answers were compared.
 */
export async function compareRepositories(
  { sqlite, postgres }: EnginePair,
  queries: readonly string[],
  differences: Difference[],
  quick = false,
) {
  const hows = quick ? (['phrase', 'anywhere'] as const) : HOWS;
  const pages = quick ? PAGES.filter(([offset]) => offset !== 30) : PAGES;
  let answers = 0;
  const check = (what: string, a: unknown, b: unknown) => {
    answers++;
    if (JSON.stringify(a) !== JSON.stringify(b) && differences.length < 50) differences.push({ what, sqlite: a, postgres: b });
  };
  for (const raw of queries) {
    const keyword = searchKeyword(raw);
    if (!keyword) continue;
    for (const kind of KINDS) {
      for (const how of hows) {
        const [a, b] = await Promise.all([
          sqlite.repos.search.find(kind, keyword, how, 600),
          postgres.repos.search.find(kind, keyword, how, 600),
        ]);
        check(`find(${kind}, ${JSON.stringify(keyword)}, ${how})`, a, b);
      }
      for (const [offset, limit, countUpTo] of pages) {
        const [a, b] = await Promise.all([
          rankedPage(sqlite.repos.search, kind, keyword, offset, limit, countUpTo),
          rankedPage(postgres.repos.search, kind, keyword, offset, limit, countUpTo),
        ]);
        check(`rankedPage(${kind}, ${JSON.stringify(keyword)}, ${offset}, ${limit}, ${countUpTo})`, a, b);
      }
    }
  }
  return answers;
}

/** An HTTP app over each engine's library (no demo account, nothing seeded: the library is there). */
export async function startApps({
  sqlite,
  postgres,
}: EnginePair): Promise<{ apps: [FastifyInstance, FastifyInstance]; close(): Promise<void> }> {
  const a = await buildApp({ dataDir: sqlite.dataDir, databaseUrl: null, demo: false });
  const b = await buildApp({ dataDir: postgres.dataDir, databaseUrl: postgres.url, demo: false });
  return { apps: [a, b], close: async () => void (await Promise.all([a.close(), b.close()])) };
}

/** /api/search (every searchable type; first and second page) and /api/search/suggest on both apps; returns how many answers were compared. */
export async function compareHttp(
  [a, b]: readonly [FastifyInstance, FastifyInstance],
  queries: readonly string[],
  differences: Difference[],
): Promise<number> {
  let answers = 0;
  const get = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  for (const raw of queries) {
    const q = encodeURIComponent(raw);
    const urls = [
      ...[1, 10, 100, 1000, 1006, 1018].map((type) => `/api/search?keywords=${q}&type=${type}&limit=30`),
      `/api/search?keywords=${q}&type=1&limit=30&offset=30`,
      `/api/search/suggest?keywords=${q}`,
    ];
    for (const url of urls) {
      const [x, y] = await Promise.all([get(a, url), get(b, url)]);
      answers++;
      if (JSON.stringify(x) !== JSON.stringify(y) && differences.length < 50) differences.push({ what: url, sqlite: x, postgres: y });
    }
  }
  return answers;
}
