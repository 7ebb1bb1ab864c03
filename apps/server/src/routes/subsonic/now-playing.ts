import type { Payload } from '../../http/subsonic-envelope.ts';
import type { PlaybackReport } from '../../services/now-playing.ts';
import { invalidParam, notFoundError, parseId } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';

const STATES = new Set(['starting', 'playing', 'paused', 'stopped']);
/** Playback rates a player may report (a speed multiplier). */
const MAX_PLAYBACK_RATE = 16;

function playbackRate({ params }: SubsonicCall): number {
  const text = params.string('playbackRate')?.trim();
  if (text === undefined) return 1;
  const rate = /^\d{1,3}(\.\d{1,6})?$/.test(text) ? Number(text) : NaN;
  if (!(rate > 0 && rate <= MAX_PLAYBACK_RATE))
    throw invalidParam('playbackRate', `must be a number above 0 and at most ${MAX_PLAYBACK_RATE}`);
  return rate;
}

/**
 * Now playing (Subsonic getNowPlaying) and OpenSubsonic's playbackReport. Players are known by
 * their client name (`c`); stream and `scrobble?submission=false` make entries too
 * (routes/subsonic/media.ts, activity.ts).
 */
export const nowPlayingMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  /** What every user's players play now; the songs as this listener sees them (their stars and ratings). */
  getNowPlaying: async ({ services, userId }) => {
    const rows = await services.nowPlaying.live();
    const songs = new Map((await services.subsonic.browsing.songs([...new Set(rows.map((r) => r.songId))], userId)).map((s) => [s.id, s]));
    const names = new Map<number, string>();
    const username = async (id: number): Promise<string> => {
      if (!names.has(id)) names.set(id, await services.subsonic.users.username(id));
      return names.get(id)!;
    };
    const entry = (
      await Promise.all(
        rows.map(async (row) => {
          const song = songs.get(String(row.songId));
          if (!song) return [];
          return [
            {
              ...song,
              username: await username(row.userId),
              minutesAgo: services.nowPlaying.minutesAgo(row),
              playerId: row.id,
              ...(row.player ? { playerName: row.player } : {}),
              ...(row.state ? { state: row.state, positionMs: row.positionMs, playbackRate: row.playbackRate } : {}),
            },
          ];
        }),
      )
    ).flat();
    return { nowPlaying: { entry } };
  },

  /**
   * A player's state (starting, playing, paused, stopped) and position. It shows in
   * getNowPlaying; `stopped` after half the song (or 4 minutes) counts a play as scrobble does,
   * unless `ignoreScrobble`. Podcast episodes are not played here.
   */
  reportPlayback: async (call) => {
    const { params, services, userId, ip } = call;
    const mediaId = params.required('mediaId');
    const mediaType = params.required('mediaType').toLowerCase();
    if (mediaType === 'podcast') throw notFoundError('Podcast episode');
    if (mediaType !== 'song') throw invalidParam('mediaType', 'must be song or podcast');
    params.required('positionMs');
    const state = params.required('state').toLowerCase();
    if (!STATES.has(state)) throw invalidParam('state', 'must be starting, playing, paused or stopped');
    const report: PlaybackReport = {
      songId: parseId('song', mediaId, 'mediaId'),
      state: state as PlaybackReport['state'],
      positionMs: params.int('positionMs', 0, 0),
      playbackRate: playbackRate(call),
      ignoreScrobble: params.bool('ignoreScrobble', false),
    };
    await services.nowPlaying.report(userId, params.string('c'), report, ip);
    return {};
  },
};
