import { gainOf, roundPeak, type Loudness } from '../media/loudness.ts';

/** The loudness fields of a /song/url entry: gain 0 and peak 0 until measured, the album's null until all of it is. */
export function songUrlLoudness(song: Loudness | null, album: Loudness | null) {
  return {
    gain: song ? gainOf(song.loudness) : 0,
    peak: song?.peak ? roundPeak(song.peak) : 0,
    albumGain: album ? gainOf(album.loudness) : null,
    albumPeak: album ? roundPeak(album.peak ?? 0) : null,
  };
}

/** OpenSubsonic's `replayGain` of a song: what is known of it (empty until measured). */
export function replayGain(song: Loudness | null, album: Loudness | null) {
  return {
    ...(song ? { trackGain: gainOf(song.loudness) } : {}),
    ...(album ? { albumGain: gainOf(album.loudness) } : {}),
    ...(song?.peak ? { trackPeak: roundPeak(song.peak) } : {}),
    ...(album?.peak ? { albumPeak: roundPeak(album.peak) } : {}),
  };
}
