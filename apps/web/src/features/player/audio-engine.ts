import { notify } from '../../lib/notice.ts';
import { fetchSongUrl } from './api/song-url.ts';
import { createAudioGraph, type AudioGraph } from './audio-graph.ts';
import { bindEffects } from './effects/bind-effects.ts';
import { createFader } from './effects/fade.ts';
import { bindMediaSession, setMediaMetadata } from './media-session.ts';
import type { PlayableSong } from './playable-song.ts';
import { usePlaybackTime } from './playback-time.store.ts';
import { usePlayerStore } from './player.store.ts';
import { useTransportStore } from './transport.store.ts';

/**
 * Drives the one <audio> element from the player store. The store says *what* should play;
 * this module does the transport: URL lookup, src, play/pause, seeking, volume.
 */
export const SEEK_STEP_SECONDS = 10;
export const NO_URL_MESSAGE = '未找到播放链接，点击添加播放源';

let audio: HTMLAudioElement | null = null;
let graph: AudioGraph | null = null;
let graphTried = false;
/** the element the graph was built on: an element can feed only one MediaElementSource */
let graphElement: HTMLMediaElement | null = null;
/** the song whose URL is in audio.src */
let loadedId: number | null = null;
/** bumps per load so a slow URL lookup for an old song never overrides a newer pick */
let loadSeq = 0;
/** FADE (SPEC §9): fade-in on play and song changes, fade-out before a pause */
const fader = createFader();

/**
 * The AudioContext is created on the first user-initiated play (autoplay policy); store
 * actions run synchronously inside the click handler, so this is still within the gesture.
 */
function ensureGraph(): void {
  if (!audio) return;
  if (!graphTried) {
    graphTried = true;
    graphElement = audio;
    graph = createAudioGraph();
    const { volume } = usePlayerStore.getState();
    if (graph) {
      graph.attach(audio);
      graph.setVolume(volume, 0);
      bindEffects(graph);
    } else audio.volume = volume;
  }
  graph?.resume();
}

async function startPlaying(): Promise<void> {
  if (!audio) return;
  try {
    fader.beforePlay(graph, audio);
    await audio.play();
    fader.afterPlay(graph, audio);
  } catch (error) {
    // NotAllowedError (no gesture yet) or an aborted load: show paused, the user can retry.
    if ((error as Error)?.name !== 'AbortError') useTransportStore.getState().setPlaying(false);
  }
}

/** Selecting a song (SPEC §4): pause, reset time, load the URL, then play. */
async function load(song: PlayableSong, startAt = 0): Promise<void> {
  if (!audio) return;
  const seq = ++loadSeq;
  const transport = useTransportStore.getState();
  ensureGraph();
  audio.pause();
  usePlaybackTime.getState().setTime(startAt);
  usePlaybackTime.getState().setDuration(song.dt / 1000);
  setMediaMetadata(song);
  transport.setLoadingUrl(true);
  const url = song.url || (await fetchSongUrl(song.id));
  if (seq !== loadSeq || !audio) return;
  transport.setLoadingUrl(false);
  if (!url) {
    loadedId = null;
    audio.removeAttribute('src');
    notify({ kind: 'warning', message: NO_URL_MESSAGE, link: { to: '/setting/source', label: '添加播放源' }, duration: 5000 });
    return;
  }
  audio.src = url;
  loadedId = song.id;
  if (startAt > 0) audio.currentTime = startAt;
  await startPlaying();
}

export function togglePlayback(): void {
  const { current } = usePlayerStore.getState();
  if (!audio || !current) return;
  ensureGraph();
  // After a reload the persisted song is shown but not loaded: resume where it stopped.
  if (loadedId !== current.id) void load(current, usePlaybackTime.getState().currentTime);
  else if (audio.paused || fader.pausing) void startPlaying();
  else fader.pause(graph, audio);
}

export function seekTo(seconds: number): void {
  const time = Math.max(0, Math.min(seconds, usePlaybackTime.getState().duration || seconds));
  usePlaybackTime.getState().setTime(time);
  if (audio && loadedId !== null) audio.currentTime = time;
}

export const seekBy = (delta: number) => seekTo(usePlaybackTime.getState().currentTime + delta);

function applyVolume(volume: number): void {
  if (!audio) return;
  if (graph) graph.setVolume(volume);
  else audio.volume = volume;
}

function onEnded(): void {
  const { queue, current, next } = usePlayerStore.getState();
  // 列表循环: a one-song queue starts over; otherwise the queue rules pick the next song.
  if (queue.length > 1) next();
  else if (current) void load(current);
}

/** Binds the element rendered once by the shell; returns the unbinding function. */
export function attachAudio(element: HTMLAudioElement): () => void {
  audio = element;
  loadedId = null;
  if (graphElement !== element) {
    graph = null;
    graphTried = false;
  }
  element.volume = usePlayerStore.getState().volume;
  const time = usePlaybackTime.getState();
  const player = () => usePlayerStore.getState();
  const transport = useTransportStore.getState();
  const events: [keyof HTMLMediaElementEventMap, () => void][] = [
    ['timeupdate', () => time.setTime(element.currentTime)],
    ['durationchange', () => Number.isFinite(element.duration) && time.setDuration(element.duration)],
    ['play', () => transport.setPlaying(true)],
    ['pause', () => transport.setPlaying(false)],
    ['ended', onEnded],
    ['error', () => loadedId !== null && notify({ kind: 'error', message: '歌曲加载失败，请稍后重试' })],
  ];
  for (const [name, handler] of events) element.addEventListener(name, handler);

  const unsubscribeLoads = useTransportStore.subscribe((state, previous) => {
    const { current } = player();
    if (state.loadRequest !== previous.loadRequest && current) void load(current);
  });
  const unsubscribeVolume = usePlayerStore.subscribe((state, previous) => {
    if (state.volume !== previous.volume) applyVolume(state.volume);
  });
  const restored = player().current;
  setMediaMetadata(restored);
  // Only the playhead is persisted; until the audio loads, the song's own length is the total.
  if (restored && !time.duration) time.setDuration(restored.dt / 1000);
  const unbindSession = bindMediaSession(
    {
      // The OS "play" key must never pause, so it only toggles a paused player.
      play: () => element.paused && togglePlayback(),
      pause: () => element.pause(),
      previous: () => player().prev(),
      next: () => player().next(),
      seekBy,
      seekTo,
    },
    SEEK_STEP_SECONDS,
  );

  return () => {
    for (const [name, handler] of events) element.removeEventListener(name, handler);
    unsubscribeLoads();
    unsubscribeVolume();
    unbindSession();
    element.pause();
    if (audio === element) audio = null;
  };
}
