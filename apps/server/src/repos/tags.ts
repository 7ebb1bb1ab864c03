import type { Database } from '../db/database.ts';

export interface TagRecord {
  id: number;
  name: string;
  category: number;
  hot: boolean;
}

/** A tag with how the playlist square uses it. */
export interface TagUsage extends TagRecord {
  position: number;
  /** public, ordinary playlists carrying the tag */
  playlistCount: number;
  /** …of which curated (精品) */
  highQualityCount: number;
  /** creation time of the first playlist that carried it (null when unused) */
  firstUsedAt: number | null;
}

type TagRow = Omit<TagRecord, 'hot'> & { hot: number };

export function createTagRepo(db: Database) {
  const all = db.prepare<[], TagRow>('SELECT id, name, category, hot FROM tags ORDER BY category, position, id');
  const byName = db.prepare<[string], TagRow>('SELECT id, name, category, hot FROM tags WHERE name = ? COLLATE NOCASE');
  const usage = db.prepare<[], Omit<TagUsage, 'hot'> & { hot: number }>(`
    SELECT t.id, t.name, t.category, t.hot, t.position, COUNT(p.id) AS playlistCount,
      COALESCE(SUM(p.high_quality), 0) AS highQualityCount, MIN(p.created_at) AS firstUsedAt
    FROM tags t
    LEFT JOIN playlist_tags pt ON pt.tag_id = t.id
    LEFT JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0 AND p.privacy = 0
    GROUP BY t.id ORDER BY t.category, t.position, t.id`);
  const insertStmt = db.prepare('INSERT INTO tags (name, category, hot, position) VALUES (?, ?, ?, ?)');
  const toRecord = <T extends { hot: number }>(t: T) => ({ ...t, hot: t.hot === 1 });
  return {
    all: async (): Promise<TagRecord[]> => (await all.all()).map(toRecord),
    async findByName(name: string): Promise<TagRecord | undefined> {
      const row = await byName.get(name);
      return row && toRecord(row);
    },
    /** Every tag in catalogue order (category, then position) with its playlist counts. */
    usage: async (): Promise<TagUsage[]> => (await usage.all()).map(toRecord),
    insert: async (name: string, category: number, hot: boolean, position: number): Promise<number> =>
      Number((await insertStmt.run(name, category, hot ? 1 : 0, position)).lastInsertId),
  };
}
export type TagRepo = Awaited<ReturnType<typeof createTagRepo>>;
