import type { Database } from '../db/database.ts';

export interface ChatMessage {
  userId: number;
  /** the author's nickname (their public name) */
  nickname: string;
  message: string;
  createdAt: number;
}

/** Subsonic's chat (migration 033): one room; old messages are pruned as new ones come. */
export function createChatMessageRepo(db: Database) {
  const insert = db.prepare('INSERT INTO chat_messages (user_id, message, created_at) VALUES (?, ?, ?)');
  const since = db.prepare<[number, number], ChatMessage>(`
    SELECT m.user_id AS userId, u.nickname, m.message, m.created_at AS createdAt
    FROM chat_messages m JOIN users u ON u.id = m.user_id
    WHERE m.created_at > ? ORDER BY m.created_at DESC, m.id DESC LIMIT ?`);
  const prune = db.prepare('DELETE FROM chat_messages WHERE created_at < ?');
  return {
    add: async (userId: number, message: string, at: number): Promise<void> => void (await insert.run(userId, message, at)),
    /** Messages after `after` (ms), newest first, at most `limit`. */
    since: async (after: number, limit: number): Promise<ChatMessage[]> => await since.all(after, limit),
    /** Deletes messages older than `before` (ms). */
    prune: async (before: number): Promise<void> => void (await prune.run(before)),
  };
}
export type ChatMessageRepo = Awaited<ReturnType<typeof createChatMessageRepo>>;
