import type { Db } from '../db/connection.ts';

export interface TagRecord {
  id: number;
  name: string;
  category: number;
  hot: boolean;
}

export function createTagRepo(db: Db) {
  const all = db.prepare<[], { id: number; name: string; category: number; hot: number }>(
    'SELECT id, name, category, hot FROM tags ORDER BY category, position, id',
  );
  const insertStmt = db.prepare('INSERT INTO tags (name, category, hot, position) VALUES (?, ?, ?, ?)');
  return {
    all: (): TagRecord[] => all.all().map((t) => ({ ...t, hot: t.hot === 1 })),
    insert: (name: string, category: number, hot: boolean, position: number): number =>
      Number(insertStmt.run(name, category, hot ? 1 : 0, position).lastInsertRowid),
  };
}
export type TagRepo = ReturnType<typeof createTagRepo>;
