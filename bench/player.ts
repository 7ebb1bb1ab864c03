import { launchBrowser } from '@cloudtune/e2e/browser';
import type { RunningServer } from '@cloudtune/e2e/server';
import type { CDPSession, Page } from 'playwright-core';

/** The goals: double-click to sound ≤ 150 ms; the JS heap grows ≤ 20 MB over a session. */
const CLICK_TO_AUDIO_GOAL_MS = 150;
const HEAP_GROWTH_GOAL_MB = 20;
const CLICKS = 20;
const SWITCHES = 200;
/** 30 minutes of music played at 16× speed: under two minutes of wall time. */
const PLAYBACK_MINUTES = Number(process.env.BENCH_PLAYER_MINUTES ?? 30);
const SPEED = 16;
const LYRIC_SECONDS = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Records when each dblclick happened and when audio next started playing (page clock). */
const CLICK_PROBE = `
  window.__clicks = [];
  document.addEventListener('dblclick', () => window.__clicks.push({ at: performance.now() }), true);
  document.addEventListener('playing', () => {
    const last = window.__clicks[window.__clicks.length - 1];
    if (last && last.playing === undefined) last.playing = performance.now();
  }, true);
`;

async function clickToAudio(page: Page, serverUrl: string, playlistId: number): Promise<number[]> {
  await page.goto(`${serverUrl}/list/song/${playlistId}`);
  const rows = page.getByTestId('song-row');
  await rows.first().waitFor();
  const times: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const row = rows.nth(i);
    await row.scrollIntoViewIfNeeded();
    await row.dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction((n) => (window as unknown as { __clicks: { playing?: number }[] }).__clicks[n]?.playing !== undefined, i, {
      timeout: 30_000,
    });
  }
  const clicks = await page.evaluate(() => (window as unknown as { __clicks: { at: number; playing: number }[] }).__clicks);
  for (const c of clicks) times.push(c.playing - c.at);
  return times;
}

/**
 * The player in Chromium against the real server: double-click to sound over 20 songs never
 * played before; the JS heap after 200 song switches and after 30 minutes of playback at 16×
 * speed; the CPU the open lyric panel costs over 30 s.
 */
export async function measurePlayer(server: RunningServer, playlistId: number): Promise<void> {
  console.log('\n## Player in Chromium (real audio from the real server)');
  const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript({ content: CLICK_PROBE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    const clicks = await clickToAudio(page, server.url, playlistId);
    const m = median(clicks);
    console.log(
      `  double-click → playing, ${CLICKS} songs never played before: median ${m.toFixed(0)} ms, max ${Math.max(...clicks).toFixed(0)} ms` +
        ` (goal ≤ ${CLICK_TO_AUDIO_GOAL_MS} ms: ${m <= CLICK_TO_AUDIO_GOAL_MS ? 'met' : 'MISSED'})`,
    );

    const start = await heapMb(cdp);
    const next = page.getByRole('button', { name: '下一首', exact: true });
    for (let i = 0; i < SWITCHES; i++) await next.click();
    await page.waitForFunction(`!!(${playingAudio}) && (${playingAudio}).currentTime > 0.2`, undefined, { timeout: 30_000 });
    const afterSwitches = await heapMb(cdp);

    // Continuous playback through the queue at 16×: each new song's element gets the rate too.
    const wallMs = (PLAYBACK_MINUTES * 60_000) / SPEED;
    const played = await page.evaluate(
      async ({ speed, wall }) => {
        const seen = new Set<string>();
        const until = performance.now() + wall;
        while (performance.now() < until) {
          for (const a of document.querySelectorAll('audio')) {
            if (a.playbackRate !== speed) a.playbackRate = speed;
            if (!a.paused) seen.add(a.currentSrc);
          }
          await new Promise((r) => setTimeout(r, 250));
        }
        return seen.size;
      },
      { speed: SPEED, wall: wallMs },
    );
    const afterPlayback = await heapMb(cdp);
    const growth = Math.max(afterSwitches, afterPlayback) - start;
    console.log(
      `  JS heap: ${start.toFixed(1)} MB at start, ${afterSwitches.toFixed(1)} MB after ${SWITCHES} song switches,` +
        ` ${afterPlayback.toFixed(1)} MB after ${PLAYBACK_MINUTES} min of playback at ${SPEED}× (${played} songs)` +
        ` — growth ${growth.toFixed(1)} MB (goal ≤ +${HEAP_GROWTH_GOAL_MB} MB: ${growth <= HEAP_GROWTH_GOAL_MB ? 'met' : 'MISSED'})`,
    );

    // The open lyric panel's CPU over 30 s of playback, beside the same 30 s with it closed.
    await page.evaluate(`(${playingAudio}).playbackRate = 1`);
    const closedBefore = await taskSeconds(cdp);
    await pause(LYRIC_SECONDS * 1000);
    const closed = (await taskSeconds(cdp)) - closedBefore;
    await page.getByRole('button', { name: '歌词', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    const openBefore = await taskSeconds(cdp);
    await pause(LYRIC_SECONDS * 1000);
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
