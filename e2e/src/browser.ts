import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** Debian's Chromium (Playwright's own browser download is unavailable on these machines). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
  // No speakers on CI: the fake audio sink still advances media time.
  '--autoplay-policy=no-user-gesture-required',
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...BROWSER_ARGS, ...extraArgs] });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = `${artifactsDir}${name}.png`;
  await page.screenshot({ path });
  return path;
}
