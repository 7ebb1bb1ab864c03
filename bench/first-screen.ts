import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@cloudtune/e2e/browser';
import type { RunningServer } from '@cloudtune/e2e/server';
import type { Browser } from 'playwright-core';

const BUDGET_KB = 180;
/** The issue's goal: LCP at 4× CPU throttling on loopback. */
const LCP_GOAL_MS = 1000;
const LOADS = 5;

interface Load {
  lcp: number;
  /** what the LCP element was, e.g. IMG banner */
  element: string;
  firstPaint: number;
}

/** One cold load (fresh context: empty cache) of the first screen; CPU slowed `throttle` times. */
async function loadOnce(browser: Browser, url: string, throttle: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId('playlist-card').first().waitFor();
    // LCP is final once the page is idle and a moment has passed without a larger element.
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise<Load>((resolve) => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null; url?: string };
            const el = last.element;
            const what = el ? `${el.tagName}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : last.url || 'text';
            resolve({ lcp: last.startTime, element: what, firstPaint: paint });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** JavaScript the first screen really fetched, gzipped (what a visitor downloads). */
async function scriptSizes(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body();
    scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByTestId('playlist-card').first().waitFor();
  await page.close();
  return scripts;
}

/**
 * The first screen (shell + 个性推荐) in Chromium: the JavaScript it downloads, and its Largest
 * Contentful Paint over several cold loads, unthrottled and at 4× CPU throttling.
 */
export async function measureFirstScreen(server: RunningServer): Promise<void> {
  const url = `${server.url}/music/recommend`;
  const browser = await launchBrowser();
  try {
    const scripts = await scriptSizes(browser, url);
    const total = scripts.reduce((s, x) => s + x.gzip, 0);
    console.log('\n## First screen (shell + 个性推荐)');
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `  ${s.url.padEnd(48)} ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw ${(s.gzip / 1024).toFixed(1).padStart(7)} KB gzip`,
      );
    }
    console.log(
      `  JS files: ${scripts.length}; total gzip: ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_KB} KB) ${total / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
    );
    for (const throttle of [1, 4]) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await loadOnce(browser, url, throttle));
      const lcp = median(loads.map((l) => l.lcp));
      const goal = throttle === 4 ? ` (goal ≤ ${LCP_GOAL_MS} ms: ${lcp <= LCP_GOAL_MS ? 'met' : 'MISSED'})` : '';
      console.log(
        `  LCP ${throttle === 1 ? 'unthrottled' : `${throttle}× CPU throttling`}: median ${lcp.toFixed(0)} ms of ${LOADS} cold loads` +
          ` [${loads.map((l) => l.lcp.toFixed(0)).join(', ')}]${goal}; first paint ${median(loads.map((l) => l.firstPaint)).toFixed(0)} ms;` +
          ` LCP element ${loads.at(-1)!.element}`,
      );
    }
  } finally {
    await browser.close();
  }
}
