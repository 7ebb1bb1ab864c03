import type { BrowserContextOptions, Page } from 'playwright-core';

/**
 * A mid-range phone as Chromium emulates it: a 390 × 844 touch screen, the CPU slowed 4×, and
 * DevTools' "Slow 4G" network (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up — what it
 * applies for a 150 ms, 1.6 Mbit/s link). The benches load the app and its baseline both this
 * way, so their ratio says what the phone adds to the app beyond what it adds to any page.
 */
export const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

export const PHONE_LABEL = '390×844 touch, 4× CPU, Slow 4G';

export async function emulatePhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 0.9 * 1024 * 1024) / 8,
    uploadThroughput: (0.75 * 0.9 * 1024 * 1024) / 8,
  });
}
