import type { Database } from '../db/database.ts';

export interface BannerRecord {
  id: number;
  targetType: number;
  targetId: number;
  url: string | null;
  typeTitle: string;
  titleColor: string;
}

export type NewBanner = Omit<BannerRecord, 'id'> & { position: number };

export function createBannerRepo(db: Database) {
  const all = db.prepare<[], BannerRecord>(`
    SELECT id, target_type AS targetType, target_id AS targetId, url, type_title AS typeTitle,
      title_color AS titleColor FROM banners ORDER BY position, id`);
  const insertStmt = db.prepare(`
    INSERT INTO banners (target_type, target_id, url, type_title, title_color, position)
    VALUES (@targetType, @targetId, @url, @typeTitle, @titleColor, @position)`);
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM banners WHERE id = ?').pluck();
  return {
    all: async (): Promise<BannerRecord[]> => await all.all(),
    exists: async (id: number): Promise<boolean> => (await existsStmt.get(id)) !== undefined,
    insert: async (banner: NewBanner): Promise<number> => Number((await insertStmt.run(banner)).lastInsertId),
  };
}
export type BannerRepo = Awaited<ReturnType<typeof createBannerRepo>>;
