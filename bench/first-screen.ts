import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@cloudtune/e2e/browser';
import type { RunningServer } from '@cloudtune/e2e/server';

const BUDGET_KB = 180;

/**
 * Loads the first screen (shell + 个性推荐) in Chromium and sums the gzipped size of every
 * JavaScript response the page actually fetched — what a visitor downloads, not what the
 * bundler guesses.
 */
export async function measureFirstScreen(server: RunningServer): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body();
      scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    const start = Date.now();
    await page.goto(`${server.url}/music/recommend`, { waitUntil: 'networkidle' });
    await page.getByTestId('playlist-card').first().waitFor();
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
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
    console.log(`  LCP: ${lcp.toFixed(0)} ms; cards visible after ${Date.now() - start} ms (cold server cache)`);
  } finally {
    await browser.close();
  }
}
