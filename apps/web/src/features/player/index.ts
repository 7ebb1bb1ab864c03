/** The player feature's public surface: only src/app imports it. */
export { usePlayerStore, selectCurrentIndex, selectUpcoming, HISTORY_LIMIT } from './player.store.ts';
export { usePlaybackTime } from './playback-time.store.ts';
export { useUnplayableSongs, usePlaying } from './transport.store.ts';
export {
  togglePlayback,
  seekTo,
  seekBy,
  playbackPosition,
  playbackRate,
  setLocalSource,
  SEEK_STEP_SECONDS,
  NO_URL_MESSAGE,
} from './audio-engine.ts';
export { PlayerBar } from './components/player-bar.tsx';
export { MiniPlayer } from './components/mini-player.tsx';
export { AudioHost } from './components/audio-host.tsx';
export { toPlayable, artistNames, type PlayableSong, type SongInput, type SongTag } from './playable-song.ts';
export { PLAY_MODE_LABELS, type PlayMode } from './queue-rules.ts';
export { fetchSongUrl } from './api/song-url.ts';
