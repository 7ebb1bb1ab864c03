import type { Db } from '../db/connection.ts';
import { idsParam } from './json.ts';

export interface UserRecord {
  id: number;
  nickname: string;
  signature: string;
  gender: number;
  birthday: number | null;
  province: number;
  city: number;
  vipType: number;
  userType: number;
  createdAt: number;
}

export type NewUser = Omit<UserRecord, 'id'> & { isDemo: boolean };

export function createUserRepo(db: Db) {
  const byIds = db.prepare<[string], UserRecord>(`
    SELECT id, nickname, signature, gender, birthday, province, city, vip_type AS vipType,
      user_type AS userType, created_at AS createdAt
    FROM users WHERE id IN (SELECT value FROM json_each(?))`);
  const insertStmt = db.prepare(`
    INSERT INTO users (nickname, signature, gender, birthday, province, city, vip_type, user_type, is_demo, created_at)
    VALUES (@nickname, @signature, @gender, @birthday, @province, @city, @vipType, @userType, @isDemo, @createdAt)`);
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM users WHERE id = ?').pluck();
  const firstId = db.prepare<[], number>('SELECT MIN(id) FROM users').pluck();

  return {
    findByIds(ids: readonly number[]): Map<number, UserRecord> {
      return new Map((ids.length ? byIds.all(idsParam(ids)) : []).map((u) => [u.id, u]));
    },
    findById(id: number): UserRecord | undefined {
      return this.findByIds([id]).get(id);
    },
    exists: (id: number): boolean => existsStmt.get(id) !== undefined,
    firstId: (): number | null => firstId.get() ?? null,
    insert(user: NewUser): number {
      return Number(insertStmt.run({ ...user, isDemo: user.isDemo ? 1 : 0 }).lastInsertRowid);
    },
  };
}
export type UserRepo = ReturnType<typeof createUserRepo>;
