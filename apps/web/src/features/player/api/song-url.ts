import { api } from '../../../lib/api.ts';
import { trialSpan } from '../../../lib/song-availability.ts';
import { readLoudness, type Loudness } from '../loudness.ts';
import { sourceParam } from '../play-sources.ts';
import { usePlaybackSettings } from '../playback-settings.store.ts';

/** What the settings say to ask for (br, source comma-joined). */
const playbackParams = () => {
  const { bitRate, sources } = usePlaybackSettings.getState();
  return { br: bitRate, source: sourceParam(sources) };
};

/**
 * A song's playable URL ('' when none), for a trial clip (试听) the span of the song it covers,
 * and its loudness for 音量均衡 (null: not measured, or a file the server did not describe).
 */
export interface SongSource {
  url: string;
  trial: { start: number; end: number } | null;
  loudness: Loudness | null;
}

/** A file the player has without the server (local, downloaded): no trial, no loudness known. */
export const ownSource = (url: string): SongSource => ({ url, trial: null, loudness: null });

/**
 * GET /song/url — a song's playable URL, or '' when it has none (failure = empty),
 * with `freeTrialInfo` read as the trial span. The bit rate and the play sources come from the
 * settings unless given.
 */
export async function fetchSongSource(id: number, br?: number, signal?: AbortSignal): Promise<SongSource> {
  try {
    const params = { id, ...playbackParams(), ...(br !== undefined && { br }) };
    const { data } = await api('/song/url', params, { signal });
    const entry = data.find((d) => d.id === id) ?? data[0];
    return { url: entry?.url ?? '', trial: entry?.url ? trialSpan(entry.freeTrialInfo) : null, loudness: readLoudness(entry) };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('[player] song url failed', id, error);
    return { url: '', trial: null, loudness: null };
  }
}

export const fetchSongUrl = async (id: number, br?: number, signal?: AbortSignal): Promise<string> =>
  (await fetchSongSource(id, br, signal)).url;
