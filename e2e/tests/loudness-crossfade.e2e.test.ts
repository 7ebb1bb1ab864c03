import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installOutputMeter, medianDb, meterCount, meterSamples, type MeterSample } from '../src/audio-meter.ts';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * 设置 → 播放 against the real server and real audio, measured at the page's audio output (an
 * analyser on the graph's output, src/audio-meter.ts): two songs 20 dB apart in their files play
 * ~20 dB apart with 音量均衡 关闭 and within 1 dB with 单曲; a 4 s crossfade keeps the summed level
 * within 1 dB of the songs' through the fade; an album played in order stays gapless with 淡入淡出
 * on. The songs are tones made by ffmpeg at known levels, imported from a library folder and
 * measured by the server. Screenshots of the section, desktop and phone, light and dark.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let libraryDir: string;

interface Tone {
  file: string;
  title: string;
  album: string;
  track: number;
  hz: number;
  /** peak level in the file, dBFS */
  dbfs: number;
  seconds: number;
}
const TONES: Tone[] = [
  { file: 'loud.mp3', title: '均衡样曲 响', album: '响度样曲甲', track: 1, hz: 440, dbfs: -10, seconds: 20 },
  { file: 'quiet.mp3', title: '均衡样曲 轻', album: '响度样曲乙', track: 1, hz: 660, dbfs: -30, seconds: 20 },
  { file: 'cross-1.mp3', title: '过渡样曲 一', album: '过渡样曲甲', track: 1, hz: 440, dbfs: -16, seconds: 20 },
  { file: 'cross-2.mp3', title: '过渡样曲 二', album: '过渡样曲乙', track: 1, hz: 660, dbfs: -16, seconds: 20 },
  { file: 'album-1.mp3', title: '无缝 第一首', album: '无缝专辑', track: 1, hz: 550, dbfs: -16, seconds: 14 },
  { file: 'album-2.mp3', title: '无缝 第二首', album: '无缝专辑', track: 2, hz: 550, dbfs: -16, seconds: 14 },
];

/** A stereo sine at an exact peak level (ffmpeg's `sine` source has a fixed amplitude of 1/8). */
function makeTone(tone: Tone) {
  const amplitude = 10 ** (tone.dbfs / 20);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...[
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=${amplitude.toFixed(6)}*sin(2*PI*${tone.hz}*t)|${amplitude.toFixed(6)}*sin(2*PI*${tone.hz}*t):s=44100:d=${tone.seconds}`,
    ],
    ...[
      '-metadata',
      `title=${tone.title}`,
      '-metadata',
      'artist=响度测试员',
      '-metadata',
      `album=${tone.album}`,
      '-metadata',
      `track=${tone.track}`,
    ],
    ...['-c:a', 'libmp3lame', '-b:a', '192k'],
    join(libraryDir, tone.file),
  ]);
}

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
/** /search's songs name their album `album` (NetEase's search shape) */
type Found = { id: number; name: string; album: { id: number } };
const findSongs = async (keywords: string) =>
  (await api<{ result: { songs?: Found[] } }>(`/search?type=1&limit=30&keywords=${encodeURIComponent(keywords)}`)).result.songs ?? [];
const songUrl = async (id: number) => (await api<{ data: { gain?: number; peak?: number }[] }>(`/song/url?id=${id}`)).data[0]!;

/** Polls until `check` holds: the import scan and the loudness analysis run in the background. */
const until = (check: () => Promise<boolean>, what: string, timeout = 60_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`still waiting for ${what}`);
    },
    { timeout, interval: 200 },
  );

const ids = new Map<string, number>();
let albumId = 0;

beforeAll(async () => {
  libraryDir = mkdtempSync(join(tmpdir(), 'cloudtune-e2e-loudness-'));
  for (const tone of TONES) makeTone(tone);
  server = await startServer({ CLOUDTUNE_LIBRARY: libraryDir });
  await until(async () => {
    const found = [...(await findSongs('均衡样曲')), ...(await findSongs('过渡样曲')), ...(await findSongs('无缝'))];
    for (const s of found) ids.set(s.name, s.id);
    albumId = found.find((s) => s.name === '无缝 第一首')?.album.id ?? 0;
    return TONES.every((t) => ids.has(t.title));
  }, 'the import of the six tones');
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await installOutputMeter(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (libraryDir) rmSync(libraryDir, { recursive: true, force: true });
});

const playing = () =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
    return { src: a.getAttribute('src'), time: a.currentTime, duration: a.duration, paused: a.paused };
  });
const currentId = () => page.evaluate(() => JSON.parse(localStorage.getItem('cloudtune-player') ?? '{}').state?.current?.id as number);
/** Resolves once the song playing (by id) has reached `seconds` of its time. */
async function playedTo(id: number, seconds: number, timeout = 30_000) {
  await expect.poll(currentId, { timeout }).toBe(id);
  await page.waitForFunction(
    (t) => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]');
      return !!a && !a.paused && a.currentTime > t;
    },
    seconds,
    { timeout },
  );
}
const seekToEnd = (secondsLeft: number) =>
  page.evaluate((left) => {
    const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
    a.currentTime = a.duration - left;
  }, secondsLeft);

/** The steady level of the song playing: the median of its samples over `seconds` of its own time. */
async function steadyLevel(seconds = 1.5): Promise<{ db: number; samples: MeterSample[] }> {
  const from = await meterCount(page);
  const { src, time } = await playing();
  await page.waitForFunction((t) => document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!.currentTime > t, time + seconds, {
    timeout: 15_000,
  });
  const samples = (await meterSamples(page, from)).filter((s) => s.src === src && s.sounding === 1);
  expect(samples.length).toBeGreaterThan(10);
  return { db: medianDb(samples), samples };
}

async function openPlaybackSettings() {
  await page.goto(`${server.url}/setting/playback`);
  await page.getByRole('region', { name: '播放', exact: true }).waitFor();
}
const section = () => page.getByRole('region', { name: '播放', exact: true });
async function setNormalization(label: '关闭' | '单曲' | '专辑' | '自动') {
  await section()
    .getByRole('radiogroup', { name: '音量均衡' })
    .getByRole('radio', { name: new RegExp(`^${label}`) })
    .check();
}
async function setCrossfade(seconds: number) {
  await section().getByRole('slider', { name: '淡入淡出' }).fill(String(seconds));
  await expect
    .poll(() => section().getByRole('slider', { name: '淡入淡出' }).getAttribute('aria-valuetext'))
    .toBe(seconds ? `${seconds} 秒` : '关闭');
}

/** Plays `title` from the search results for `keywords` (the results become the queue). */
async function playFromSearch(keywords: string, title: string) {
  await page.goto(`${server.url}/search/song?keywords=${encodeURIComponent(keywords)}`);
  await page.locator(`[data-testid="song-row"][data-song-id="${ids.get(title)}"]`).dblclick({ position: { x: 120, y: 12 } });
  await playedTo(ids.get(title)!, 1);
}

describe('设置 → 播放: 音量均衡 and 淡入淡出, measured at the output', () => {
  it('the server measured the loudness of the tones', async () => {
    for (const title of ['均衡样曲 响', '均衡样曲 轻'])
      await until(async () => ((await songUrl(ids.get(title)!)).peak ?? 0) > 0, `the loudness of ${title}`);
    const loud = await songUrl(ids.get('均衡样曲 响')!);
    const quiet = await songUrl(ids.get('均衡样曲 轻')!);
    // 20 dB apart in the files: their gains to −18 LUFS are 20 dB apart too.
    expect(quiet.gain! - loud.gain!).toBeGreaterThan(19);
    expect(quiet.gain! - loud.gain!).toBeLessThan(21);
  });

  it('音量均衡 关闭: the two songs play ~20 dB apart', async () => {
    await openPlaybackSettings();
    await setNormalization('关闭');
    await playFromSearch('均衡样曲', '均衡样曲 响');
    await playedTo(ids.get('均衡样曲 响')!, 1.5);
    const loud = await steadyLevel();
    await page.getByRole('button', { name: '下一首' }).click();
    await playedTo(ids.get('均衡样曲 轻')!, 1.5);
    const quiet = await steadyLevel();
    console.log(`[loudness] 关闭: ${loud.db.toFixed(2)} dBFS and ${quiet.db.toFixed(2)} dBFS`);
    // A stereo sine's RMS is 3 dB under its peak: −13 and −33 dBFS.
    expect(loud.db).toBeGreaterThan(-14);
    expect(loud.db).toBeLessThan(-12);
    expect(loud.db - quiet.db).toBeGreaterThan(19);
    expect(loud.db - quiet.db).toBeLessThan(21);
  });

  it('音量均衡 单曲: the same two songs play within 1 dB of each other', async () => {
    await openPlaybackSettings();
    await setNormalization('单曲');
    await playFromSearch('均衡样曲', '均衡样曲 响');
    await playedTo(ids.get('均衡样曲 响')!, 1.5);
    const loud = await steadyLevel();
    await page.getByRole('button', { name: '下一首' }).click();
    await playedTo(ids.get('均衡样曲 轻')!, 1.5);
    const quiet = await steadyLevel();
    console.log(`[loudness] 单曲: ${loud.db.toFixed(2)} dBFS and ${quiet.db.toFixed(2)} dBFS`);
    expect(Math.abs(loud.db - quiet.db)).toBeLessThan(1);
    // At −14 LUFS: the loud one a little down, the quiet one ~17 dB up (its peak allows 30).
    expect(loud.db).toBeLessThan(-14);
    expect(quiet.db).toBeGreaterThan(-18);
  });

  it('淡入淡出 4 秒: both songs sound for ~4 s and the summed level stays within 1 dB of theirs', async () => {
    await openPlaybackSettings();
    await setCrossfade(4);
    await playFromSearch('过渡样曲', '过渡样曲 一');
    // The next song is made ready on the spare element before the fade.
    await page.waitForFunction(() => !!document.querySelector('[data-testid="audio-next"]')?.getAttribute('src'), undefined, {
      timeout: 15_000,
    });
    await seekToEnd(7);
    await playedTo(ids.get('过渡样曲 一')!, 20 - 6.8);
    const from = await meterCount(page);
    await playedTo(ids.get('过渡样曲 二')!, 6);
    const samples = await meterSamples(page, from);
    const first = samples.filter((s) => s.sounding === 1 && s.src === samples[0]!.src);
    const fade = samples.filter((s) => s.sounding === 2);
    const after = samples.filter((s) => s.sounding === 1 && s.src !== samples[0]!.src);
    const level = medianDb(first);
    const span = (fade.at(-1)?.at ?? 0) - (fade[0]?.at ?? 0);
    const [low, high] = [Math.min(...fade.map((s) => s.db)), Math.max(...fade.map((s) => s.db))];
    console.log(
      `[crossfade] songs at ${level.toFixed(2)} / ${medianDb(after).toFixed(2)} dBFS; both sounding for ${span.toFixed(0)} ms, ` +
        `summed ${low.toFixed(2)}…${high.toFixed(2)} dBFS over ${fade.length} samples`,
    );
    expect(span).toBeGreaterThan(3500);
    expect(span).toBeLessThan(4600);
    expect(Math.abs(medianDb(after) - level)).toBeLessThan(1);
    for (const s of fade) expect(Math.abs(s.db - level), `${s.db.toFixed(2)} dBFS at ${s.time.toFixed(2)} s`).toBeLessThan(1);
  });

  it('an album played in order stays gapless with 淡入淡出 on: no overlap, no fade, the next track at once', async () => {
    await page.goto(`${server.url}/list/album/${albumId}`);
    await page.locator(`[data-testid="song-row"][data-song-id="${ids.get('无缝 第一首')}"]`).dblclick({ position: { x: 120, y: 12 } });
    await playedTo(ids.get('无缝 第一首')!, 2.5);
    await page.waitForFunction(() => !!document.querySelector('[data-testid="audio-next"]')?.getAttribute('src'), undefined, {
      timeout: 15_000,
    });
    await seekToEnd(6);
    await playedTo(ids.get('无缝 第一首')!, 14 - 5.8);
    const from = await meterCount(page);
    await playedTo(ids.get('无缝 第二首')!, 2);
    const samples = await meterSamples(page, from);
    const firstSrc = samples[0]!.src;
    const first = samples.filter((s) => s.src === firstSrc && s.sounding === 1);
    const level = medianDb(first.filter((s) => s.time < s.duration - 4.5));
    // The last 4 s of the first track: no fade-out.
    const ending = first.filter((s) => s.time > s.duration - 4 && s.time < s.duration - 0.1);
    expect(ending.length).toBeGreaterThan(50);
    for (const s of ending) expect(Math.abs(s.db - level), `${s.db.toFixed(2)} dBFS at ${s.time.toFixed(2)} s`).toBeLessThan(1);
    // Never two songs at once for longer than a hand-over.
    const overlap = samples.filter((s) => s.sounding === 2).length * 25;
    // The hand-over: from the last sample of the first track at its level to the first of the second.
    const lastFirst = first.filter((s) => s.db > level - 1).at(-1)!;
    const firstSecond = samples.find((s) => s.src !== firstSrc && s.sounding === 1 && s.db > level - 1)!;
    const gap = firstSecond.at - lastFirst.at;
    console.log(
      `[gapless] album at ${level.toFixed(2)} dBFS; overlap ${overlap} ms; hand-over ${gap.toFixed(0)} ms between full-level samples`,
    );
    expect(overlap).toBeLessThan(200);
    expect(gap).toBeLessThan(300);
  });

  it('screenshots of 设置 → 播放: desktop and phone, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.goto(`${server.url}/setting/appearance`);
      await page.getByRole('radio', { name: scheme === 'dark' ? '深色' : '浅色' }).check();
      for (const [width, height, name] of [
        [1280, 800, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await openPlaybackSettings();
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        await section().scrollIntoViewIfNeeded();
        await screenshot(page, `setting-playback-${name}-${scheme}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
