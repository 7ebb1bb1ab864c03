import type { SongPlays } from '../../repos/plays.ts';
import type { NewRelease } from '../../repos/songs.ts';
import type { ChartDefinition } from './catalog.ts';

/**
 * How each chart ranks songs from play counts. Pure functions over a window's statistics
 * (plays in the last 7 days = `recent`, in the 7 days before = `previous`), so the rules are
 * testable without a database. Ties always fall back to the song id: never random.
 */
export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** 飙升榜: fewer plays than this this week is noise, not a trend. */
export const SOARING_MIN_PLAYS = 8;
/** 飙升榜: (recent + k) / (previous + k) keeps a 1 → 4 blip from outranking 100 → 300. */
export const SOARING_SMOOTHING = 10;
/** 新歌榜: release windows tried in turn until enough songs qualify (small libraries release rarely). */
export const NEW_RELEASE_WINDOWS_DAYS = [30, 90, 180, 365, 730] as const;
export const NEW_RELEASE_MIN_SONGS = 20;

export interface RankedChart {
  songIds: number[];
  /** plays of the charted songs this week: the chart playlist's playCount */
  plays: number;
}

const byPlays = (a: SongPlays, b: SongPlays) => b.recent - a.recent || a.songId - b.songId;

function top(stats: SongPlays[], size: number, order: (a: SongPlays, b: SongPlays) => number): RankedChart {
  const ranked = [...stats].sort(order).slice(0, size);
  return { songIds: ranked.map((s) => s.songId), plays: ranked.reduce((n, s) => n + s.recent, 0) };
}

export const soaringScore = (s: Pick<SongPlays, 'recent' | 'previous'>): number =>
  (s.recent + SOARING_SMOOTHING) / (s.previous + SOARING_SMOOTHING);

export function rankChart(def: ChartDefinition, stats: SongPlays[], newReleases: NewRelease[]): RankedChart {
  const played = stats.filter((s) => s.recent > 0);
  switch (def.kind) {
    case 'soaring': {
      const rising = played.filter((s) => s.recent >= SOARING_MIN_PLAYS && s.recent > s.previous);
      return top(rising, def.size, (a, b) => soaringScore(b) - soaringScore(a) || byPlays(a, b));
    }
    case 'new': {
      // New releases rank by plays, but an unplayed new song still belongs on the chart.
      const plays = new Map(stats.map((s) => [s.songId, s.recent]));
      const ranked = newReleases
        .map((r) => ({ ...r, recent: plays.get(r.songId) ?? 0 }))
        .sort((a, b) => b.recent - a.recent || b.publishTime - a.publishTime || a.songId - b.songId)
        .slice(0, def.size);
      return { songIds: ranked.map((r) => r.songId), plays: ranked.reduce((n, r) => n + r.recent, 0) };
    }
    case 'original':
      return top(
        played.filter((s) => s.independent),
        def.size,
        byPlays,
      );
    case 'hot':
      return top(played, def.size, byPlays);
    default:
      return top(
        played.filter((s) => s.area === def.area),
        def.size,
        byPlays,
      );
  }
}

/** The shortest release window (days) holding enough songs; the longest when none does. */
export async function newReleaseWindowDays(countWithin: (days: number) => Promise<number>): Promise<number> {
  for (const days of NEW_RELEASE_WINDOWS_DAYS) if ((await countWithin(days)) >= NEW_RELEASE_MIN_SONGS) return days;
  return NEW_RELEASE_WINDOWS_DAYS[NEW_RELEASE_WINDOWS_DAYS.length - 1]!;
}

export interface ArtistPlays {
  artistId: number;
  plays: number;
}

/** 歌手榜: main artists by this week's plays of their songs. */
export function rankArtists(stats: SongPlays[], size: number): ArtistPlays[] {
  const plays = new Map<number, number>();
  for (const s of stats) if (s.artistId !== null && s.recent > 0) plays.set(s.artistId, (plays.get(s.artistId) ?? 0) + s.recent);
  return [...plays]
    .map(([artistId, n]) => ({ artistId, plays: n }))
    .sort((a, b) => b.plays - a.plays || a.artistId - b.artistId)
    .slice(0, size);
}
