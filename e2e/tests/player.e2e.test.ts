import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The player against the real server with real audio: the lyric panel following the song,
 * 单曲循环 and 随机播放, the history, a reload in the middle of a song, and songs that fail.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

interface Track {
  id: number;
  name: string;
  dt: number;
}
let playlistId: number;
let tracks: Track[];

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  const { result } = await api<{ result: { id: number }[] }>('/personalized?limit=14');
  // A playlist with enough songs for a 5-song random round and songs to spare.
  for (const { id } of result) {
    const { playlist } = await api<{ playlist: { tracks: Track[] } }>(`/playlist/detail?id=${id}`);
    if (playlist.tracks.length >= 8) {
      playlistId = id;
      tracks = playlist.tracks;
      break;
    }
  }
  expect(tracks?.length, 'a recommended playlist with at least 8 songs').toBeGreaterThanOrEqual(8);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The element playing (the engine keeps a second one for the next song). */
const audio = () =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
    return { time: el.currentTime, duration: el.duration, paused: el.paused, src: el.getAttribute('src') };
  });
const waitForAudio = (predicate: string, timeout = 30_000) =>
  page.waitForFunction(
    `(() => { const a = document.querySelector('[data-testid="audio"]'); return !!a && (${predicate}); })()`,
    undefined,
    { timeout },
  );
/** The id of the song playing, as the player bar's queue panel marks it. */
const currentId = () => page.evaluate(() => JSON.parse(localStorage.getItem('cloudtune-player') ?? '{}').state?.current?.id as number);
const playerBar = () => page.getByTestId('player-bar');
/** How far the highlighted lyric line is from the middle of the lyric view, in px. */
const distanceFromCentre = () =>
  page.evaluate(() => {
    const scroller = document.querySelector('[data-testid="lyric-scroller"]')!.getBoundingClientRect();
    const line = document.querySelector('[data-testid="lyric-line"][aria-current="true"]')!.getBoundingClientRect();
    return Math.abs(line.top + line.height / 2 - (scroller.top + scroller.height / 2));
  });
const button = (name: string) => playerBar().getByRole('button', { name, exact: true });
const row = (id: number) => page.locator(`[data-testid="song-row"][data-song-id="${id}"]`);

async function openPlaylist() {
  await page.goto(`${server.url}/list/song/${playlistId}`);
  await page.getByTestId('song-row').first().waitFor();
}

async function setMode(title: '顺序播放' | '随机播放' | '单曲循环') {
  const mode = button('播放模式');
  for (let i = 0; i < 3 && (await mode.getAttribute('title')) !== title; i++) await mode.click();
  expect(await mode.getAttribute('title')).toBe(title);
}

/** The song the player shows, by the queue panel's current row (opened if needed). */
async function shownSongId(): Promise<number> {
  const marked = page.locator('[data-testid="queue-row"][aria-current="true"]');
  await marked.waitFor();
  return Number(await marked.getAttribute('data-song-id'));
}

describe('the player', () => {
  it('plays a playlist; the lyric panel follows the song and a click on a later line seeks there', async () => {
    await openPlaylist();
    let chosen: Track | undefined;
    for (const track of tracks.slice(0, 8)) {
      const lyric = await api<{ lrc?: { lyric: string } }>(`/lyric?id=${track.id}`);
      if ((lyric.lrc?.lyric.match(/\]\S/g) ?? []).length > 8 && track.dt > 45_000) {
        chosen = track;
        break;
      }
    }
    expect(chosen, 'a song with lyrics among the first rows').toBeDefined();
    await row(chosen!.id).dblclick({ position: { x: 120, y: 12 } });
    await waitForAudio('a.currentTime > 1 && !a.paused');

    await button('歌词').click();
    const panel = page.getByRole('dialog');
    await panel.waitFor();
    expect(await panel.getAttribute('aria-label')).toBe(`歌词：${chosen!.name}`);
    const active = panel.locator('[data-testid="lyric-line"][aria-current="true"]');
    await active.waitFor({ timeout: 15_000 });
    const first = await active.getAttribute('data-index');
    await expect.poll(() => active.getAttribute('data-index'), { timeout: 20_000 }).not.toBe(first);

    // The line being sung sits in the middle of the lyric view.
    await expect.poll(distanceFromCentre, { timeout: 5_000 }).toBeLessThan(30);

    const current = Number(await active.getAttribute('data-index'));
    const target = (await panel
      .locator('[data-testid="lyric-line"]')
      .evaluateAll(
        (lines, from) => lines.find((l) => Number(l.getAttribute('data-index')) > from + 3)?.getAttribute('data-index'),
        current,
      ))!;
    const line = panel.locator(`[data-testid="lyric-line"][data-index="${target}"]`);
    const time = Number(await line.getAttribute('data-time'));
    await line.click();
    await waitForAudio(`Math.abs(a.currentTime - ${time}) < 1.5`, 10_000);
    await expect.poll(() => active.getAttribute('data-index'), { timeout: 5_000 }).toBe(target);
    // …and the view follows it there.
    await expect.poll(distanceFromCentre, { timeout: 5_000 }).toBeLessThan(30);
    await page.mouse.move(10, 450);

    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await screenshot(page, 'lyric-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('单曲循环 replays the song at its end', async () => {
    // The shortest of the first rows (the table renders the rows in view).
    const short = tracks.slice(0, 10).sort((a, b) => a.dt - b.dt)[0]!;
    await row(short.id).dblclick({ position: { x: 120, y: 12 } });
    await waitForAudio(`a.currentTime > 0.5 && !a.paused && Number.isFinite(a.duration)`);
    await setMode('单曲循环');
    const { src } = await audio();
    await page.evaluate(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
      a.currentTime = a.duration - 1.5;
    });
    await waitForAudio('a.currentTime > a.duration - 1');
    // Back at the start of the same song, playing.
    await waitForAudio(`a.currentTime > 0.2 && a.currentTime < 5 && !a.paused && a.getAttribute('src') === ${JSON.stringify(src)}`, 15_000);
    expect(await currentId()).toBe(short.id);
  });

  it('顺序播放: the next song starts on its own at the end, prepared before on the second element', async () => {
    await setMode('顺序播放');
    const before = await currentId();
    await page.evaluate(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
      a.currentTime = Math.max(2.5, a.duration - 6);
    });
    // Before the end: the next song's URL is on the spare element, buffering.
    await page.waitForFunction(() => !!document.querySelector('[data-testid="audio-next"]')?.getAttribute('src'), undefined, {
      timeout: 15_000,
    });
    const preparedSrc = await page.evaluate(() => document.querySelector('[data-testid="audio-next"]')!.getAttribute('src'));
    await expect.poll(currentId, { timeout: 20_000 }).not.toBe(before);
    await waitForAudio(`!a.paused && a.currentTime > 0.3 && a.getAttribute('src') === ${JSON.stringify(preparedSrc)}`, 15_000);
  });

  it('随机播放 plays every song of a 5-song queue once before repeating; 历史记录 lists what played', async () => {
    await openPlaylist();
    await button('播放列表').click();
    const queue = page.getByTestId('queue-panel');
    await queue.getByRole('button', { name: '清空播放列表' }).click();
    // A queue of five: 播放 on one row, then 下一首播放 on four more.
    const five = tracks.slice(0, 5);
    await row(five[0]!.id).click({ button: 'right', position: { x: 120, y: 12 } });
    await page.getByRole('menuitem', { name: '播放', exact: true }).click();
    for (const track of five.slice(1)) {
      await row(track.id).click({ button: 'right', position: { x: 120, y: 12 } });
      await page.getByRole('menuitem', { name: '下一首播放' }).click();
    }
    await expect.poll(() => queue.getByTestId('queue-row').count()).toBe(5);
    expect(await queue.getByRole('tab', { name: '播放列表 5' }).count()).toBe(1);
    await setMode('随机播放');

    const played = [await shownSongId()];
    expect(played[0]).toBe(five[0]!.id);
    for (let i = 1; i < 10; i++) {
      await button('下一首').click();
      await expect.poll(shownSongId, { timeout: 10_000 }).not.toBe(played[i - 1]);
      played.push(await shownSongId());
    }
    const ids = five.map((t) => t.id).sort();
    expect([...played.slice(0, 5)].sort()).toEqual(ids);
    expect([...played.slice(5, 10)].sort()).toEqual(ids);
    await waitForAudio('!a.paused && a.currentTime > 0.3');
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await screenshot(page, 'queue-panel');

    await queue.getByRole('tab', { name: /^历史记录/ }).click();
    const history = (await queue.getByTestId('queue-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-song-id')))))!;
    // Each song once (a song already listed is not added again), the five among them.
    expect(history).toEqual(expect.arrayContaining(ids));
    expect(new Set(history).size).toBe(history.length);
    await queue.getByRole('button', { name: '关闭播放列表' }).click();
    await setMode('顺序播放');
  });

  it('a reload in the middle of a song brings it back at the same second, paused; Play continues there', async () => {
    await waitForAudio('!a.paused && a.currentTime > 3', 30_000);
    const id = await currentId();
    const { time, src } = await audio();
    await page.reload();
    await waitForAudio(`a.getAttribute('src') === ${JSON.stringify(src)} && a.readyState >= 1`);
    const restored = await audio();
    expect(restored.paused).toBe(true);
    expect(Math.abs(restored.time - time)).toBeLessThan(1);
    expect(await currentId()).toBe(id);
    await expect.poll(() => button('播放').count()).toBe(1);

    await button('播放').click();
    await waitForAudio(`!a.paused && a.currentTime > ${restored.time + 0.3}`);
    expect((await audio()).time).toBeLessThan(restored.time + 10);
  });

  it('a song whose audio fails is named in a toast and skipped after 2 s', async () => {
    await openPlaylist();
    const [broken, next] = [tracks[1]!, tracks[2]!];
    await page.route(`**/media/audio/${broken.id}*`, (route) => route.fulfill({ status: 500, body: 'boom' }));
    await setMode('顺序播放');
    await row(broken.id).dblclick({ position: { x: 120, y: 12 } });
    await page.getByText(`《${broken.name}》播放失败，2 秒后播放下一首`).waitFor({ timeout: 15_000 });
    await expect.poll(currentId, { timeout: 10_000 }).toBe(next.id);
    await waitForAudio('!a.paused && a.currentTime > 0.3');
    await page.unroute(`**/media/audio/${broken.id}*`);
  });

  it('a song without a URL warns with the link to add a play source, then the next song plays', async () => {
    const [missing, next] = [tracks[3]!, tracks[4]!];
    await page.route(`**/api/song/url?*`, async (route) => {
      const id = new URL(route.request().url()).searchParams.get('id');
      if (id !== String(missing.id)) return route.continue();
      await route.fulfill({ json: { code: 200, data: [{ id: missing.id, url: null, br: 0, size: 0, code: 404 }] } });
    });
    await row(missing.id).dblclick({ position: { x: 120, y: 12 } });
    const warning = page.getByRole('alert').filter({ hasText: '未找到播放链接，点击添加播放源' });
    await warning.waitFor({ timeout: 15_000 });
    expect(await warning.getByRole('link').getAttribute('href')).toBe('/setting/source');
    await expect.poll(currentId, { timeout: 10_000 }).toBe(next.id);
    await waitForAudio('!a.paused && a.currentTime > 0.3');
    // The song is greyed in the table from now on.
    expect(await row(missing.id).getAttribute('aria-disabled')).toBe('true');
    await page.unroute(`**/api/song/url?*`);
  });
});
