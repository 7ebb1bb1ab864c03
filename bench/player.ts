import { launchBrowser } from '@cloudtune/e2e/browser';
import type { RunningServer } from '@cloudtune/e2e/server';
import type { CDPSession, Page } from 'playwright-core';
import { measureFirstSound } from './first-sound.ts';
import type { PlayerMedia } from './player-media.ts';

/** The goal: the JS heap grows ≤ 20 MB over a session. First sound: first-sound.ts. */
const HEAP_GROWTH_GOAL_MB = 20;
const SWITCHES = 200;
/** 30 minutes of music played at 16× speed: under two minutes of wall time. */
const PLAYBACK_MINUTES = Number(process.env.BENCH_PLAYER_MINUTES ?? 30);
const SPEED = 16;
const LYRIC_SECONDS = 30;

/** The JS heap after a full collection, in MB. */
async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

/** Main-thread busy time (script, style, layout, paint tasks) so far, in seconds. */
async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
}

/** The audio element that is playing now (the engine may keep a second one for the next song). */
const playingAudio = `[...document.querySelectorAll('audio')].find((a) => !a.paused) ?? document.querySelector('[data-testid="audio"]')`;

interface PlayClock {
  /** seconds of song time played since the last reset */
  __played: number;
  /** the speed every song is held at */
  __speed: number;
  /** the songs that started playing */
  __songs: Set<string>;
}

/**
 * Counts the song time played (what the audio elements report, at whatever speed) and holds every
 * element at `__speed`, including the next songs' as they load: the bench waits for song time,
 * never for a fixed wall-clock pause.
 */
const PLAY_CLOCK = `
  window.__played = 0;
  window.__speed = 1;
  window.__songs = new Set();
  const last = new WeakMap();
  const hold = (a) => {
    a.defaultPlaybackRate = window.__speed;
    if (a.playbackRate !== window.__speed) a.playbackRate = window.__speed;
  };
  for (const name of ['loadedmetadata', 'play', 'ratechange']) document.addEventListener(name, (e) => hold(e.target), true);
  document.addEventListener('playing', (e) => window.__songs.add(e.target.currentSrc), true);
  document.addEventListener('timeupdate', (e) => {
    const a = e.target;
    const before = last.get(a);
    last.set(a, a.currentTime);
    // Forward steps only, and not a seek's jump (a tick covers about a quarter second of wall time).
    if (!a.paused && before !== undefined && a.currentTime > before && a.currentTime - before < Math.max(5, a.playbackRate * 2)) window.__played += a.currentTime - before;
  }, true);
`;

/** Every audio element at `speed` from now on; the song-time and song counts start again. */
async function playAt(page: Page, speed: number): Promise<void> {
  await page.evaluate((s) => {
    const clock = window as unknown as PlayClock;
    clock.__speed = s;
    clock.__played = 0;
    clock.__songs.clear();
    for (const a of document.querySelectorAll('audio')) {
      a.defaultPlaybackRate = s;
      a.playbackRate = s;
    }
  }, speed);
}

/** Waits until `seconds` of song time have played (at `speed`, with room for the songs' loads). */
async function untilPlayed(page: Page, seconds: number, speed: number): Promise<void> {
  await page.waitForFunction((s) => (window as unknown as PlayClock).__played >= s, seconds, {
    polling: 1000,
    timeout: (seconds / speed) * 3000 + 60_000,
  });
}

/**
 * The player in Chromium against the real server: first sound in every case of the issue
 * (first-sound.ts); the JS heap after 200 song switches and after 30 minutes of playback at 16×
 * speed; the CPU the open lyric panel costs over 30 s.
 */
export async function measurePlayer(server: RunningServer, playlistId: number, media: PlayerMedia): Promise<void> {
  console.log('\n## Player in Chromium (real audio from the real server)');
  await measureFirstSound(server, media);
  const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript({ content: PLAY_CLOCK });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${server.url}/list/song/${playlistId}`);
    await page
      .getByTestId('song-row')
      .first()
      .dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(`!!(${playingAudio}) && (${playingAudio}).currentTime > 0.2`, undefined, { timeout: 30_000 });

    const start = await heapMb(cdp);
    const next = page.getByRole('button', { name: '下一首', exact: true });
    for (let i = 0; i < SWITCHES; i++) await next.click();
    await page.waitForFunction(`!!(${playingAudio}) && (${playingAudio}).currentTime > 0.2`, undefined, { timeout: 30_000 });
    const afterSwitches = await heapMb(cdp);

    // Continuous playback through the queue at 16×: each new song's element gets the rate too.
    await playAt(page, SPEED);
    await untilPlayed(page, PLAYBACK_MINUTES * 60, SPEED);
    const played = await page.evaluate(() => (window as unknown as PlayClock).__songs.size);
    const afterPlayback = await heapMb(cdp);
    const growth = Math.max(afterSwitches, afterPlayback) - start;
    console.log(
      `  JS heap: ${start.toFixed(1)} MB at start, ${afterSwitches.toFixed(1)} MB after ${SWITCHES} song switches,` +
        ` ${afterPlayback.toFixed(1)} MB after ${PLAYBACK_MINUTES} min of playback at ${SPEED}× (${played} songs)` +
        ` — growth ${growth.toFixed(1)} MB (goal ≤ +${HEAP_GROWTH_GOAL_MB} MB: ${growth <= HEAP_GROWTH_GOAL_MB ? 'met' : 'MISSED'})`,
    );

    // The open lyric panel's CPU over 30 s of playback, beside the same 30 s with it closed.
    await playAt(page, 1);
    const closedBefore = await taskSeconds(cdp);
    await untilPlayed(page, LYRIC_SECONDS, 1);
    const closed = (await taskSeconds(cdp)) - closedBefore;
    await page.getByRole('button', { name: '歌词', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await playAt(page, 1);
    const openBefore = await taskSeconds(cdp);
    await untilPlayed(page, LYRIC_SECONDS, 1);
    const open = (await taskSeconds(cdp)) - openBefore;
    console.log(
      `  main-thread CPU over ${LYRIC_SECONDS} s of playback: ${(closed * 1000).toFixed(0)} ms with the lyric panel closed,` +
        ` ${(open * 1000).toFixed(0)} ms with it open (${((open / LYRIC_SECONDS) * 100).toFixed(1)} % of one core)`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}
