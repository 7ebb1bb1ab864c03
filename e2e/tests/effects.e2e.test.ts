import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * 音效 and 设置: play a playlist song, turn on a reverb (its impulse response is fetched and
 * playback goes on), back to 原唱, an EQ preset and 1.5× speed (the audio clock runs faster than
 * the wall clock); then add 酷狗音乐 as a play source and pick 128k: the next /song/url asks
 * for them. Screenshots of the panel and the settings page, light and dark.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const currentTime = () => page.getByTestId('audio').evaluate((el) => (el as HTMLAudioElement).currentTime);

/** Resolves once the audio clock has moved `seconds` past where it is now (no fixed sleep). */
async function advances(seconds: number, timeout = 20_000): Promise<void> {
  const from = await currentTime();
  await page.waitForFunction(
    ([start, delta]) => ((document.querySelector('[data-testid="audio"]') as HTMLAudioElement).currentTime ?? 0) > start! + delta!,
    [from, seconds],
    { timeout },
  );
}

/** The RIFF/WAVE header of a fetched file: format, channels, sample rate, bits. */
function wavHeader(bytes: Buffer) {
  return {
    riff: bytes.toString('ascii', 0, 4),
    wave: bytes.toString('ascii', 8, 12),
    format: bytes.readUInt16LE(20),
    channels: bytes.readUInt16LE(22),
    sampleRate: bytes.readUInt32LE(24),
    bits: bytes.readUInt16LE(34),
    dataBytes: bytes.readUInt32LE(40),
  };
}

describe('audio effects and settings', () => {
  it('plays a song from a playlist', async () => {
    await page.goto(`${server.url}/music/recommend`);
    await page.getByTestId('playlist-card').first().click();
    await page.waitForURL('**/list/song/*');
    await page
      .getByTestId('song-row')
      .first()
      .dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="audio"]') as HTMLAudioElement | null)?.currentTime ?? 0) > 1,
      undefined,
      {
        timeout: 30_000,
      },
    );
  });

  it('音效 opens the panel; a reverb fetches its impulse response and playback goes on', async () => {
    await page.getByRole('button', { name: '音效', exact: true }).click();
    const panel = page.getByTestId('effects-panel');
    await panel.waitFor();
    expect(await panel.getByRole('radio').count()).toBeGreaterThan(40);
    // The panel slides in: the picture waits for the animation to end.
    await panel.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await screenshot(page, 'effects-panel');

    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/audio-effect/concert-hall.wav')),
      panel.getByText('音乐厅', { exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    const header = wavHeader(await response.body());
    expect(header).toMatchObject({ riff: 'RIFF', wave: 'WAVE', format: 1, channels: 2, sampleRate: 44100, bits: 16 });
    expect(header.dataBytes).toBeGreaterThan(44100 * 4 * 0.5);
    expect(new URL(response.url()).pathname).toBe('/audio-effect/concert-hall.wav');
    await expect.poll(() => panel.getByRole('radio', { name: '音乐厅', exact: true }).isChecked()).toBe(true);
    await advances(2);
  });

  it('back to 原唱, an EQ preset and 1.5× speed: the audio clock runs faster than the wall clock', async () => {
    const panel = page.getByTestId('effects-panel');
    await panel.getByText('原唱', { exact: true }).click();
    expect(await panel.getByRole('radio', { name: '原唱' }).isChecked()).toBe(true);
    expect(await panel.getByRole('slider', { name: '干湿比' }).isDisabled()).toBe(true);
    await advances(1);

    await panel.getByText('摇滚', { exact: true }).click();
    expect(await panel.getByRole('slider', { name: '31Hz' }).inputValue()).toBe('5');
    expect(await panel.getByRole('slider', { name: '1kHz' }).inputValue()).toBe('-1');

    await panel.getByText('1.5×', { exact: true }).click();
    expect(await page.getByTestId('audio').evaluate((el) => (el as HTMLAudioElement).playbackRate)).toBe(1.5);
    expect(await page.getByTestId('audio').evaluate((el) => (el as HTMLAudioElement).preservesPitch)).toBe(true);
    // Measured in the page: wall time for 3 s of audio.
    const ratio = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const audio = document.querySelector('[data-testid="audio"]') as HTMLAudioElement;
          const media0 = audio.currentTime;
          const wall0 = performance.now();
          const check = () => {
            const media = audio.currentTime - media0;
            if (media >= 3) resolve(media / ((performance.now() - wall0) / 1000));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    expect(ratio).toBeGreaterThan(1.3);
    expect(ratio).toBeLessThan(1.7);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('settings: add 酷狗音乐 and pick 128k — the next /song/url carries them', async () => {
    await page.getByRole('link', { name: '设置' }).click();
    await page.waitForURL('**/setting/source');
    const sources = page.getByRole('group', { name: '播放源' });
    for (const fixed of ['QQ音乐', '酷我音乐', '咪咕音乐']) {
      const box = sources.getByRole('checkbox', { name: fixed });
      expect(await box.isChecked()).toBe(true);
      expect(await box.isDisabled()).toBe(true);
    }
    await sources.getByRole('checkbox', { name: '酷狗音乐' }).check();
    await page.getByRole('radiogroup', { name: '音质' }).getByRole('radio', { name: /128k/ }).check();
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await screenshot(page, 'settings');

    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/song/url'),
      page.getByRole('button', { name: '下一首' }).click(),
    ]);
    const params = new URL(request.url()).searchParams;
    expect(params.get('br')).toBe('128000');
    expect(params.get('source')).toBe('qq,kuwo,migu,kugou');
    // The speed chosen before survives the song change.
    await advances(1, 30_000);
    expect(await page.getByTestId('audio').evaluate((el) => (el as HTMLAudioElement).playbackRate)).toBe(1.5);
  });

  it('外观: 深色 turns the page dark, and the choice survives a reload', async () => {
    await page.getByRole('link', { name: '外观' }).click();
    await page.waitForURL('**/setting/appearance');
    await page.getByRole('radio', { name: '深色' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(23, 25, 28)');
    await page.getByRole('link', { name: '播放源' }).click();
    await page.waitForURL('**/setting/source');
    await page.getByRole('heading', { level: 1, name: '设置' }).waitFor();
    await screenshot(page, 'settings-dark');

    await page.reload();
    await page.getByRole('heading', { name: '外观' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.getByRole('checkbox', { name: '酷狗音乐' }).isChecked()).toBe(true);
  });
});
