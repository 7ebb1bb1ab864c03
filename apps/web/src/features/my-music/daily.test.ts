import { describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import { dailyListDay, dailyReasons, msUntilNextDailyList } from './daily.ts';

describe('daily songs', () => {
  it('counts the list day from 6:00: before it, the previous day (across months and years)', () => {
    expect(dailyListDay(new Date(2026, 10, 23, 6, 0))).toBe('2026-11-23');
    expect(dailyListDay(new Date(2026, 10, 23, 5, 59))).toBe('2026-11-22');
    expect(dailyListDay(new Date(2026, 2, 1, 1, 0))).toBe('2026-02-28');
    expect(dailyListDay(new Date(2024, 2, 1, 1, 0))).toBe('2024-02-29');
    expect(dailyListDay(new Date(2027, 0, 1, 3, 0))).toBe('2026-12-31');
  });

  it('waits until the next 6:00', () => {
    expect(msUntilNextDailyList(new Date(2026, 10, 23, 5, 0))).toBe(60 * 60_000);
    expect(msUntilNextDailyList(new Date(2026, 10, 23, 6, 0))).toBe(24 * 60 * 60_000);
    expect(msUntilNextDailyList(new Date(2026, 10, 23, 18, 30))).toBe(11.5 * 60 * 60_000);
  });

  it('takes each recorded song reason, else the one recommendReasons gives', () => {
    const { data } = recorded<{
      data: { dailySongs: { id: number; reason?: string | null }[]; recommendReasons: { songId: number; reason: string }[] };
    }>('recommend_songs');
    const reasons = dailyReasons(data.dailySongs, data.recommendReasons);
    for (const song of data.dailySongs) if (song.reason) expect(reasons.get(song.id)).toBe(song.reason);
    for (const r of data.recommendReasons)
      if (!data.dailySongs.find((s) => s.id === r.songId)?.reason) expect(reasons.get(r.songId)).toBe(r.reason);
    expect(dailyReasons([{ id: 1, reason: null }], [{ songId: 1, reason: '超20%人收藏' }]).get(1)).toBe('超20%人收藏');
  });
});
