import { notify } from '../../lib/notice.ts';
import { createPrepareAhead } from './api/song-prepare.ts';
import { fetchSongSource, ownSource, type SongSource } from './api/song-url.ts';
import { createAudioGraph, type AudioGraph } from './audio-graph.ts';
import { bindEffects } from './effects/bind-effects.ts';
import { createFader } from './effects/fade.ts';
import { crossfadeCurves, crossfadeStartsIn, shouldCrossfade } from './crossfade.ts';
import { createNextSong, PREPARE_AFTER_SECONDS, shouldPrepare } from './gapless.ts';
import { isAlbumInOrder, loudnessGain, type Loudness } from './loudness.ts';
import { bindMediaSession, setMediaMetadata, setMediaPosition } from './media-session.ts';
import type { PlayableSong } from './playable-song.ts';
import { createFailureGuard } from './playback-failures.ts';
import { usePlaybackSettings } from './playback-settings.store.ts';
import { usePlaybackTime } from './playback-time.store.ts';
import { selectUpcoming, usePlayerStore } from './player.store.ts';
import { useTransportStore } from './transport.store.ts';

/**
 * Drives the two <audio> elements from the player store. The store says *what* should play;
 * this module does the transport: URL lookup, src, play/pause, seeking, volume, what happens at
 * a song's end or when it fails, and the next song made ready on the spare element (gapless).
 */
export const SEEK_STEP_SECONDS = 10;
export const NO_URL_MESSAGE = '未找到播放链接，点击添加播放源';
/** a song that fails to load or decode is named, then the next one plays after this pause */
export const FAILED_SONG_PAUSE_MS = 2000;

/** the element playing (or about to): the only one carrying data-testid="audio" */
let audio: HTMLAudioElement | null = null;
/** the other element: it holds the next song, prepared */
let spare: HTMLAudioElement | null = null;
let graph: AudioGraph | null = null;
let graphTried = false;
/** the elements the graph was built on: an element can feed only one MediaElementSource */
let graphElements: HTMLMediaElement[] = [];
/** the song whose URL is in audio.src */
let loadedId: number | null = null;
/** false for a song restored paused after a reload: its failure waits for the user's Play */
let loadedToPlay = false;
/** bumps per load so a slow URL lookup for an old song never overrides a newer pick */
let loadSeq = 0;
/** FADE: fade-in on play and song changes, fade-out before a pause */
const fader = createFader();
const failures = createFailureGuard();
const nextSong = createNextSong((id) => songSource(id));

/** Where a song plays from without the server (a download), asked before /song/url; set by the app. */
let localSource: ((id: number) => Promise<string | null>) | null = null;

/** The app plugs in the downloads: a downloaded song plays from its kept copy, even offline. */
export function setLocalSource(resolver: ((id: number) => Promise<string | null>) | null): void {
  localSource = resolver;
}

/**
 * The kept copy and the server are asked side by side: a download answers from the browser (even
 * offline), any other song does not wait for the lookup (double-click to sound).
 */
async function songSource(id: number): Promise<SongSource> {
  const remote = fetchSongSource(id);
  const local = await localSource?.(id).catch(() => null);
  return local ? ownSource(local) : remote;
}
const prepareAhead = createPrepareAhead();

// 音量均衡 ---------------------------------------------------------------------------------------

/** what each element's song measured, for its loudness gain */
const loudnessOf = new Map<HTMLMediaElement, Loudness | null>();
/** a setting or the queue changed while a song plays: its level moves over this, not at once */
const LOUDNESS_CHANGE_SECONDS = 0.5;

/** Sets the element's loudness gain from its song's loudness, the settings and the queue. */
function applyLoudness(element: HTMLMediaElement | null, rampSeconds = 0): void {
  if (!graph || !element) return;
  const { normalization, targetLufs } = usePlaybackSettings.getState();
  const { queue, playMode } = usePlayerStore.getState();
  graph.setElementLoudness(
    element,
    loudnessGain(loudnessOf.get(element) ?? null, normalization, targetLufs, isAlbumInOrder(queue, playMode)),
    rampSeconds,
  );
}

/** The element starts a song: its loudness is known before its first sound. */
function startLoudness(element: HTMLMediaElement, loudness: Loudness | null): void {
  loudnessOf.set(element, loudness);
  applyLoudness(element);
}

// 淡入淡出 ---------------------------------------------------------------------------------------

/** the crossfade is armed this long before it starts (timeupdate comes every ~250 ms) */
const CROSSFADE_ARM_SECONDS = 1;
/** a crossfade needs at least this much of the song left, else the gapless hand-over at its end */
const CROSSFADE_MIN_SECONDS = 0.5;
/** a crossfade cut short (a pick, a pause) silences the outgoing song this fast */
const CUT_SECONDS = 0.1;
const curves = crossfadeCurves();
/** the armed start of the next crossfade, for the song `armedFor` */
let crossfadeTimer: ReturnType<typeof setTimeout> | undefined;
let armedFor: number | null = null;
/** set while the engine moves on for a crossfade: its length, read by the load it causes */
let crossfadeSeconds = 0;
/** the element still sounding while it fades out (it is the spare one, not free until then) */
let outgoing: { element: HTMLMediaElement; timer: ReturnType<typeof setTimeout> } | null = null;

function disarmCrossfade(): void {
  clearTimeout(crossfadeTimer);
  crossfadeTimer = undefined;
  armedFor = null;
}

/** Whether the song playing should cross into the next one, and how long it has until then (seconds). */
function crossfadePlan(): { startsIn: number; seconds: number } | null {
  if (!graph || !audio || !spare || audio.paused || fader.pausing || outgoing) return null;
  const state = usePlayerStore.getState();
  const { current } = state;
  const seconds = usePlaybackSettings.getState().crossfadeSeconds;
  const rate = audio.playbackRate;
  if (!current || loadedId !== current.id) return null;
  const go = shouldCrossfade({
    seconds,
    playMode: state.playMode,
    queue: state.queue,
    current,
    upcoming: selectUpcoming(state),
    duration: audio.duration,
    rate,
  });
  return go ? { startsIn: crossfadeStartsIn(audio.currentTime, audio.duration, rate, seconds), seconds } : null;
}

/** On each timeupdate: shortly before the fade's start, a timer is set for it (re-planned on a seek or a change). */
function armCrossfade(): void {
  const plan = crossfadePlan();
  const id = usePlayerStore.getState().current?.id ?? null;
  if (!plan) return disarmCrossfade();
  if (plan.startsIn > CROSSFADE_ARM_SECONDS || armedFor === id) return;
  disarmCrossfade();
  armedFor = id;
  crossfadeTimer = setTimeout(startCrossfade, plan.startsIn * 1000);
}

/**
 * The fade starts: the next song must be ready on the spare element (else it waits for the end
 * and plays gapless). The engine moves on as at a song's end; load() sees `crossfadeSeconds`.
 */
function startCrossfade(): void {
  crossfadeTimer = undefined;
  const plan = crossfadePlan();
  const upcoming = selectUpcoming(usePlayerStore.getState());
  if (!plan || !audio || !spare || !upcoming) return void (armedFor = null);
  if (plan.startsIn > 0.05) {
    // Seeked back, or the timer ran early: wait for the real start.
    armedFor = null;
    return armCrossfade();
  }
  const left = (audio.duration - audio.currentTime) / (audio.playbackRate || 1);
  const ready = nextSong.id === upcoming.id && spare.getAttribute('src') && spare.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
  if (!ready || left < CROSSFADE_MIN_SECONDS) return;
  crossfadeSeconds = Math.min(plan.seconds, left);
  advancing = true;
  usePlayerStore.getState().next();
  advancing = false;
  crossfadeSeconds = 0;
}

/** The element that faded out stops and becomes the free spare again. */
function releaseOutgoing(): void {
  if (!outgoing) return;
  const { element, timer } = outgoing;
  clearTimeout(timer);
  outgoing = null;
  graph?.setElementGain(element, 0, 0);
  element.pause();
  element.removeAttribute('src');
  element.load();
  loudnessOf.delete(element);
}

/** A pick or a pause during a crossfade: the outgoing song falls silent at once, then stops. */
function cutOutgoing(): void {
  if (!outgoing) return;
  clearTimeout(outgoing.timer);
  graph?.setElementGain(outgoing.element, 0, CUT_SECONDS);
  outgoing.timer = setTimeout(releaseOutgoing, CUT_SECONDS * 1000 + 20);
}

/** The prepared song on `to` rises as `from` falls; `from` stops when its curve is done. */
async function crossInto(from: HTMLMediaElement, to: HTMLMediaElement, seconds: number): Promise<void> {
  graph?.setElementGain(to, 0, 0);
  outgoing = { element: from, timer: setTimeout(releaseOutgoing, (seconds + 5) * 1000) };
  try {
    await to.play();
  } catch {
    useTransportStore.getState().setPlaying(false);
    return cutOutgoing();
  }
  // From the moment the new song really sounds: both curves start together on the audio clock.
  if (outgoing?.element !== from || audio !== to) return;
  graph?.crossfade(from, to, seconds, curves);
  clearTimeout(outgoing.timer);
  outgoing.timer = setTimeout(releaseOutgoing, seconds * 1000 + 100);
}
/** set while the engine itself moves on (a song ended or failed), read by the load it causes */
let advancing = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;

/** Builds the audio graph on both elements, once (an element can feed only one MediaElementSource). */
function buildGraph(): void {
  if (graphTried || !audio) return;
  graphTried = true;
  graphElements = [audio, spare].filter((e): e is HTMLAudioElement => !!e);
  graph = createAudioGraph();
  const { volume } = usePlayerStore.getState();
  if (graph) {
    for (const element of graphElements) graph.attach(element);
    graph.setVolume(volume, 0);
    bindEffects(graph);
  } else for (const element of graphElements) element.volume = volume;
}

/**
 * A play needs the graph running. It is normally built ahead (see buildGraphAhead); a pick
 * before that builds it here, after the song's URL was asked for. Resuming inside the pick's
 * handler is what the autoplay policy allows.
 */
function ensureGraph(): void {
  if (!audio) return;
  buildGraph();
  graph?.resume();
}

/** Runs `task` when the page is idle (within 2 s). */
const whenIdle = (task: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
};

/**
 * The first pick must not build the graph: the first AudioContext of a browser costs 400–600 ms
 * on the page's thread (the browser starts its audio service and waits for the device), plus
 * ~50 ms of nodes. So once the page is up: the output devices are listed, which starts the audio
 * service without holding the page; then, when the page is idle, the graph is built (~20 ms)
 * and suspended until the first play. Returns a cancel for the unbinding.
 */
function buildGraphAhead(): () => void {
  let live = true;
  const build = () => {
    if (!live || graphTried || !audio) return;
    buildGraph();
    // Built without a gesture it may be suspended already; if not, it waits silent until a play.
    if (audio.paused) graph?.suspend();
  };
  const devices = globalThis.navigator?.mediaDevices;
  const listed = typeof devices?.enumerateDevices === 'function' ? devices.enumerateDevices().catch(() => undefined) : Promise.resolve();
  void listed.then(() => live && whenIdle(build));
  return () => {
    live = false;
  };
}

async function startPlaying(): Promise<void> {
  if (!audio) return;
  cutOutgoing();
  try {
    fader.beforePlay(graph, audio);
    await audio.play();
    fader.afterPlay(graph, audio);
  } catch (error) {
    // NotAllowedError (no gesture yet) or an aborted load: show paused, the user can retry.
    if ((error as Error)?.name !== 'AbortError') useTransportStore.getState().setPlaying(false);
  }
}

/**
 * The spare element becomes the one playing; the old one is emptied and becomes the spare, or,
 * in a crossfade (`keepOld`), keeps sounding until its fade is done.
 */
function swapElements(keepOld = false): void {
  if (!audio || !spare) return;
  const old = audio;
  audio = spare;
  spare = old;
  audio.dataset.testid = 'audio';
  spare.dataset.testid = 'audio-next';
  if (keepOld) return;
  graph?.setElementGain(spare, 0, 0);
  spare.pause();
  spare.removeAttribute('src');
  spare.load();
}

/** Moves on after a failed song, unless a whole round of the queue failed in a row. */
function skipFailed(delayMs: number): void {
  const player = usePlayerStore.getState();
  clearTimeout(skipTimer);
  if (failures.fail(player.queue.length) === 'stop') {
    audio?.pause();
    notify({ kind: 'error', message: '播放列表中的歌曲都无法播放' });
    return;
  }
  const seq = loadSeq;
  skipTimer = setTimeout(() => {
    // The user picked another song meanwhile: that choice stands.
    if (seq !== loadSeq) return;
    advancing = true;
    usePlayerStore.getState().next();
    advancing = false;
  }, delayMs);
}

interface LoadOptions {
  /** seconds into the song */
  startAt?: number;
  /** false when a reload restores the song: loaded at its second, paused */
  autoplay?: boolean;
}

/** Selecting a song: pause, reset time, load the URL, then play. */
async function load(song: PlayableSong, { startAt = 0, autoplay = true }: LoadOptions = {}): Promise<void> {
  if (!audio) return;
  const seq = ++loadSeq;
  // Gapless: the next song may be loaded on the spare element already. Any other song's URL is
  // asked for before anything else the pick does (docs/decisions/0035-first-sound.md).
  const prepared = !song.unavailable && spare && startAt === 0 && autoplay ? nextSong.take(song.id, spare) : null;
  const lookup = prepared || song.unavailable ? null : song.url ? ownSource(song.url) : songSource(song.id);
  const auto = advancing;
  const crossfade = prepared && auto ? crossfadeSeconds : 0;
  disarmCrossfade();
  if (!crossfade) cutOutgoing();
  clearTimeout(skipTimer);
  // A song the user picks starts the failure count again; one the engine moved on to does not.
  if (!auto) failures.reset();
  const transport = useTransportStore.getState();
  if (autoplay) ensureGraph();
  usePlaybackTime.getState().setTime(startAt);
  usePlaybackTime.getState().setDuration(song.dt / 1000);
  setMediaMetadata(song);
  transport.setTrial(null);

  if (song.unavailable) {
    audio.pause();
    loadedId = null;
    if (autoplay) {
      notify({ kind: 'warning', message: `《${song.name}》暂时无法播放，已跳过` });
      skipFailed(0);
    }
    return;
  }

  if (prepared) {
    const from = audio;
    swapElements(crossfade > 0);
    loadedId = song.id;
    loadedToPlay = true;
    transport.setLoadingUrl(false);
    applyTrial(prepared.trial);
    startLoudness(audio, prepared.loudness);
    if (crossfade > 0) return crossInto(from, audio, crossfade);
    // At a song's end the next one starts at full level at once; a pick by hand fades in like any play.
    if (!auto) return startPlaying();
    graph?.setElementGain(audio, 1, 0);
    await audio.play().catch(() => useTransportStore.getState().setPlaying(false));
    return;
  }

  audio.pause();
  transport.setLoadingUrl(true);
  const source = await lookup!;
  if (seq !== loadSeq || !audio) return;
  if (!source.url) {
    transport.setLoadingUrl(false);
    loadedId = null;
    audio.removeAttribute('src');
    transport.markUnplayable(song.id);
    // A restored song without a URL waits quietly: Play tries again and reports it.
    if (!autoplay) return;
    notify({ kind: 'warning', message: NO_URL_MESSAGE, link: { to: '/setting/source', label: '添加播放源' }, duration: 5000 });
    skipFailed(0);
    return;
  }
  audio.src = source.url;
  startLoudness(audio, source.loudness);
  loadedId = song.id;
  loadedToPlay = autoplay;
  if (startAt > 0) audio.currentTime = startAt;
  const started = autoplay ? startPlaying() : undefined;
  // The page shows the answer in the next task: a re-render now would run before the element
  // starts fetching the audio (it does so in a task of its own).
  setTimeout(() => {
    if (seq !== loadSeq) return;
    transport.setLoadingUrl(false);
    applyTrial(source.trial);
  }, 0);
  await started;
}

/** A trial clip (试听) is as long as its span, whatever the whole song's dt says. */
function applyTrial(trial: { start: number; end: number } | null): void {
  useTransportStore.getState().setTrial(trial);
  if (trial) usePlaybackTime.getState().setDuration(trial.end - trial.start);
}

export function togglePlayback(): void {
  const { current } = usePlayerStore.getState();
  if (!audio || !current) return;
  loadedToPlay = true;
  // After a reload the persisted song is shown but not loaded: resume where it stopped (its URL
  // asked for first, the graph after).
  if (loadedId !== current.id) return void load(current, { startAt: usePlaybackTime.getState().currentTime });
  ensureGraph();
  if (audio.paused || fader.pausing) void startPlaying();
  else {
    disarmCrossfade();
    cutOutgoing();
    fader.pause(graph, audio);
  }
}

export function seekTo(seconds: number): void {
  const time = Math.max(0, Math.min(seconds, usePlaybackTime.getState().duration || seconds));
  usePlaybackTime.getState().setTime(time);
  if (audio && loadedId !== null) audio.currentTime = time;
}

export const seekBy = (delta: number) => seekTo(usePlaybackTime.getState().currentTime + delta);

/** Where the playing song is, to the millisecond (the lyric panel's clock); the stored playhead otherwise. */
export function playbackPosition(): number {
  return audio && loadedId !== null && loadedId === usePlayerStore.getState().current?.id
    ? audio.currentTime
    : usePlaybackTime.getState().currentTime;
}

/** The playing song's speed (1 when nothing is loaded): the lyric panel fills words at it. */
export const playbackRate = (): number => (audio && loadedId !== null ? audio.playbackRate : 1);

function applyVolume(volume: number): void {
  if (graph) graph.setVolume(volume);
  else for (const element of [audio, spare]) if (element) element.volume = volume;
}

function onEnded(): void {
  const player = usePlayerStore.getState();
  const { current } = player;
  if (!audio || !current) return;
  // 单曲循环, or nothing else queued: the song starts over.
  if (player.playMode === 'single' || player.queue.length <= 1) {
    audio.currentTime = 0;
    void audio.play().catch(() => useTransportStore.getState().setPlaying(false));
    return;
  }
  advancing = true;
  player.next();
  advancing = false;
}

/** A network or decode error on the song playing: name it, then the next song after a pause. */
function onError(): void {
  const { current } = usePlayerStore.getState();
  if (loadedId === null || !current || loadedId !== current.id) return;
  loadedId = null;
  useTransportStore.getState().setPlaying(false);
  if (!loadedToPlay) return;
  notify({ kind: 'error', message: `《${current.name}》播放失败，${FAILED_SONG_PAUSE_MS / 1000} 秒后播放下一首` });
  skipFailed(FAILED_SONG_PAUSE_MS);
}

/** Once the song has played a little and nears its end, the next one is made ready on the spare element. */
function prepareNext(): void {
  // A crossfade starts earlier by its length (in song time, at the speed playing).
  const lead = usePlaybackSettings.getState().crossfadeSeconds * (audio?.playbackRate || 1);
  if (!audio || !spare || outgoing || audio.paused || !shouldPrepare(audio.currentTime, audio.duration, lead)) return;
  const state = usePlayerStore.getState();
  const upcoming = selectUpcoming(state);
  if (!upcoming || upcoming.id === state.current?.id || upcoming.id === nextSong.id) return;
  void nextSong.prepare(upcoming, spare);
}

/**
 * Once a song has played a moment (skipping through songs asks for nothing, and a render ahead
 * never competes with the song just picked), the server is asked to make the next one — a demo
 * song is rendered on its first play: pressing 下一首 then starts from a file on disk. Songs with their own URL
 * (local, downloaded) and unavailable ones need nothing.
 */
function prepareUpcomingOnServer(): void {
  const state = usePlayerStore.getState();
  const upcoming = selectUpcoming(state);
  if (!upcoming || upcoming.id === state.current?.id || upcoming.url || upcoming.unavailable) return;
  prepareAhead(upcoming.id);
}

/**
 * Binds the two elements rendered once by the shell (the second one holds the next song);
 * returns the unbinding function. A song restored from the last visit is loaded at its second,
 * paused.
 */
export function attachAudio(element: HTMLAudioElement, spareElement?: HTMLAudioElement): () => void {
  audio = element;
  spare = spareElement ?? null;
  loadedId = null;
  nextSong.drop();
  if (!graphElements.includes(element)) {
    graph = null;
    graphTried = false;
    graphElements = [];
  }
  const elements = [element, spareElement].filter((e): e is HTMLAudioElement => !!e);
  for (const el of elements) el.volume = usePlayerStore.getState().volume;
  const time = usePlaybackTime.getState();
  const player = () => usePlayerStore.getState();
  const transport = useTransportStore.getState();
  /** events count only from the element playing: the spare one only buffers */
  const fromPlaying = (handler: (el: HTMLAudioElement) => void) => (e: Event) => {
    if (audio && e.target === audio) handler(audio);
  };
  const events: [keyof HTMLMediaElementEventMap, (e: Event) => void][] = [
    [
      'timeupdate',
      fromPlaying((el) => {
        time.setTime(el.currentTime);
        if (el.currentTime >= PREPARE_AFTER_SECONDS) prepareUpcomingOnServer();
        prepareNext();
        armCrossfade();
      }),
    ],
    // A seek or a new speed moves the fade's start: it is planned again at the next timeupdate.
    ...(['seeking', 'ratechange', 'pause'] as const).map(
      (name) => [name, fromPlaying(() => disarmCrossfade())] as [keyof HTMLMediaElementEventMap, (e: Event) => void],
    ),
    ['durationchange', fromPlaying((el) => Number.isFinite(el.duration) && time.setDuration(el.duration))],
    ['play', fromPlaying(() => transport.setPlaying(true))],
    ['pause', fromPlaying(() => transport.setPlaying(false))],
    ['playing', fromPlaying(() => failures.reset())],
    ['ended', fromPlaying(onEnded)],
    ['error', (e) => (e.target === audio ? onError() : e.target === spare && spare?.getAttribute('src') && nextSong.fail())],
    ...(['play', 'pause', 'seeked', 'durationchange', 'ratechange'] as const).map(
      (name) => [name, fromPlaying((el) => setMediaPosition(el))] as [keyof HTMLMediaElementEventMap, (e: Event) => void],
    ),
  ];
  for (const el of elements) for (const [name, handler] of events) el.addEventListener(name, handler);

  const unsubscribeLoads = useTransportStore.subscribe((state, previous) => {
    const { current } = player();
    if (state.loadRequest !== previous.loadRequest && current) void load(current);
  });
  const unsubscribeSettings = usePlaybackSettings.subscribe((state, previous) => {
    if (state.normalization !== previous.normalization || state.targetLufs !== previous.targetLufs) {
      applyLoudness(audio, LOUDNESS_CHANGE_SECONDS);
      applyLoudness(outgoing?.element ?? null, LOUDNESS_CHANGE_SECONDS);
    }
  });
  const unsubscribePlayer = usePlayerStore.subscribe((state, previous) => {
    if (state.volume !== previous.volume) applyVolume(state.volume);
    // 自动 follows the queue: an album in order uses the album's gain.
    if (state.queue !== previous.queue || state.playMode !== previous.playMode) applyLoudness(audio, LOUDNESS_CHANGE_SECONDS);
    // The queue or the mode changed what comes next: prepare that one instead.
    if (
      (state.queue !== previous.queue || state.playMode !== previous.playMode || state.shuffle !== previous.shuffle) &&
      nextSong.id !== null
    ) {
      if (selectUpcoming(state)?.id !== nextSong.id) nextSong.drop();
    }
  });
  const cancelGraphAhead = buildGraphAhead();
  const restored = player().current;
  setMediaMetadata(restored);
  if (restored) void load(restored, { startAt: time.currentTime, autoplay: false });
  const unbindSession = bindMediaSession(
    {
      // The OS "play" key must never pause, so it only toggles a paused player.
      play: () => audio?.paused && togglePlayback(),
      pause: () => audio && !audio.paused && togglePlayback(),
      previous: () => player().prev(),
      next: () => player().next(),
      seekBy,
      seekTo,
    },
    SEEK_STEP_SECONDS,
  );

  return () => {
    cancelGraphAhead();
    for (const el of elements) for (const [name, handler] of events) el.removeEventListener(name, handler);
    unsubscribeLoads();
    unsubscribeSettings();
    unsubscribePlayer();
    disarmCrossfade();
    releaseOutgoing();
    unbindSession();
    clearTimeout(skipTimer);
    for (const el of elements) el.pause();
    if (audio === element || audio === spareElement) audio = null;
    spare = null;
  };
}
