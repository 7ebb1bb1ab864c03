import { ApiError } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { NowPlayingRecord, PlaybackState } from '../repos/now-playing.ts';
import type { ChartService } from './charts/index.ts';
import type { Clock } from './rate-windows.ts';

/**
 * How long a now-playing entry outlives what it knows: past the song's planned end for a playing
 * song (a player that stops reporting, or only streamed, vanishes then), after the last report for
 * a paused or starting one.
 */
export const NOW_PLAYING_GRACE_MS = 10 * 60_000;
/** A player's name (Subsonic's `c`) is kept to this length. */
const MAX_PLAYER_NAME = 100;
/** A reported playback counts as a play once this much of it was heard: half the song, or 4 minutes of a long one. */
export const playedEnough = (durationMs: number, positionMs: number): boolean => positionMs >= Math.min(durationMs / 2, 4 * 60_000);

export interface PlaybackReport {
  songId: number;
  state: PlaybackState | 'stopped';
  positionMs: number;
  playbackRate: number;
  /** true: show it, but never count it as a play */
  ignoreScrobble: boolean;
}

/**
 * What each user's players are playing now (Subsonic's getNowPlaying), from the songs they stream,
 * their now-playing scrobbles and their playback reports (OpenSubsonic's playbackReport), kept in
 * the database so that every server process sees the same. A player is its user's client name.
 * A report of `stopped` after enough listening counts a play, as a scrobble does.
 */
export function createNowPlayingService(repos: Repos, clock: Clock, charts: ChartService) {
  const song = async (id: number) => {
    const found = await repos.songs.findById(id);
    if (!found) throw new ApiError(404, 'Song not found');
    return found;
  };
  const playerOf = (player: string | undefined): string => (player ?? '').slice(0, MAX_PLAYER_NAME);

  return {
    /** A song streamed, or scrobbled as now playing: shown until its end (unless the player reports its playback itself). */
    async started(userId: number, player: string | undefined, songId: number): Promise<void> {
      const now = clock();
      const { durationMs } = await song(songId);
      await repos.nowPlaying.guess(
        {
          userId,
          player: playerOf(player),
          songId,
          state: null,
          positionMs: 0,
          playbackRate: 1,
          updatedAt: now,
          expiresAt: now + durationMs + NOW_PLAYING_GRACE_MS,
        },
        now,
      );
    },

    /** A player's report. Returns whether it counted a play. */
    async report(userId: number, player: string | undefined, report: PlaybackReport, ip: string): Promise<boolean> {
      const now = clock();
      const { durationMs } = await song(report.songId);
      const name = playerOf(player);
      if (report.state === 'stopped') {
        const session = await repos.nowPlaying.find(userId, name, now);
        await repos.nowPlaying.remove(userId, name, now);
        // A play is counted once, for a playback the player reported from its start (its row).
        if (report.ignoreScrobble || session?.songId !== report.songId || !playedEnough(durationMs, report.positionMs)) return false;
        try {
          await charts.scrobble({ id: report.songId, userId, ip, time: Math.round(report.positionMs / 1000) });
          return true;
        } catch (err) {
          // The same song counted within the last 20 s (a scrobble beside the report) is not counted again.
          if (err instanceof ApiError && err.code === 429) return false;
          throw err;
        }
      }
      const left = Math.max(0, durationMs - report.positionMs) / report.playbackRate;
      await repos.nowPlaying.report(
        {
          userId,
          player: name,
          songId: report.songId,
          state: report.state,
          positionMs: report.positionMs,
          playbackRate: report.playbackRate,
          updatedAt: now,
          // Whole ms: the column is an integer on every engine (a rate of 1.5 leaves a fraction).
          expiresAt: now + Math.ceil(report.state === 'playing' ? left : 0) + NOW_PLAYING_GRACE_MS,
        },
        now,
      );
      return false;
    },

    /** Every player's entry now, latest first; a playing one's position moved on at its rate (never past the end). */
    async live(): Promise<NowPlayingRecord[]> {
      const now = clock();
      const rows = await repos.nowPlaying.live(now);
      const durations = await repos.songs.findByIds([...new Set(rows.map((r) => r.songId))]);
      return rows.map((row) => {
        if (row.state !== 'playing') return row;
        const end = durations.get(row.songId)?.durationMs ?? row.positionMs;
        const moved = row.positionMs + Math.max(0, now - row.updatedAt) * row.playbackRate;
        return { ...row, positionMs: Math.round(Math.min(end, moved)) };
      });
    },

    /** Minutes since the entry was last told anything. */
    minutesAgo: (row: NowPlayingRecord): number => Math.max(0, Math.floor((clock() - row.updatedAt) / 60_000)),
  };
}
export type NowPlayingService = Awaited<ReturnType<typeof createNowPlayingService>>;
