/**
 * The daily songs' day. NetEase makes a new list every day at 6:00 (the card says so), so
 * before 6:00 the list is still the previous day's; the query is keyed by that day and a
 * page left open past 6:00 asks again.
 */
export const DAILY_UPDATE_HOUR = 6;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The local date (YYYY-MM-DD) whose daily list is current at `now`. */
export function dailyListDay(now: Date): string {
  const day = new Date(now);
  if (day.getHours() < DAILY_UPDATE_HOUR) day.setDate(day.getDate() - 1);
  return `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
}

/** ms from `now` until the next 6:00, when the list changes. */
export function msUntilNextDailyList(now: Date): number {
  const next = new Date(now);
  next.setHours(DAILY_UPDATE_HOUR, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

export const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

/** Each song's reason: its own `reason`, else the one `recommendReasons` gives for its id. */
export function dailyReasons(
  songs: readonly { id: number; reason?: string | null }[],
  reasons: readonly { songId: number; reason: string }[] = [],
): Map<number, string> {
  const out = new Map(reasons.map((r) => [r.songId, r.reason] as const));
  for (const song of songs) if (song.reason) out.set(song.id, song.reason);
  return out;
}
