import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@cloudtune/e2e/browser';
import type { RunningServer } from '@cloudtune/e2e/server';
import type { Browser } from 'playwright-core';
import { emulatePhone, PHONE_CONTEXT, PHONE_LABEL } from './phone.ts';

/** First-screen JavaScript (shell + 个性推荐), gzipped. */
const BUDGET_KB = 150;
/** LCP of the app at most this many times a static page showing the same screen, at 4× CPU throttling. */
const RATIO_GOAL = 1.5;
const LOADS = Number(process.env.BENCH_FIRST_SCREEN_LOADS ?? 7);
/** Where the bench puts the static page: inside the served build, so the same server sends both. */
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/browser/', import.meta.url));
const STATIC_PAGE = 'bench-static-first-screen.html';

interface Load {
  lcp: number;
  /** first contentful paint */
  fcp: number;
  /** what the LCP element was, e.g. IMG banner */
  element: string;
}

/** What the page records of its paints (an init script, before any of the page's own code runs). */
interface PaintLog {
  __lcp: { at: number; element: string; url: string }[];
}

/**
 * One cold load (a fresh context: empty cache, no storage) with the CPU slowed `throttle` times,
 * until the banner image — the screen's largest element on both pages — has painted.
 */
async function loadOnce(browser: Browser, url: string, { throttle, phone }: Condition): Promise<Load> {
  const context = await browser.newContext(phone ? PHONE_CONTEXT : { viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(() => {
      const log = ((window as unknown as PaintLog).__lcp = [] as PaintLog['__lcp']);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
          const el = entry.element;
          const element = el ? `${el.tagName}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : 'text';
          log.push({ at: entry.startTime, element, url: entry.url ?? '' });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    if (phone) await emulatePhone(page);
    else await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as PaintLog).__lcp.some((e) => e.url.includes('/banner/')), undefined, {
      timeout: 60_000,
      polling: 100,
    });
    return await page.evaluate(() => {
      const last = (window as unknown as PaintLog).__lcp.at(-1)!;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { lcp: last.at, fcp, element: last.element };
    });
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)]!;

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
 * The baseline: the page the server sends for the first screen with every script taken out —
 * the same HTML, inlined CSS and banner image, drawn by the browser alone. Written beside the
 * build so the same server sends it the same way.
 */
async function writeStaticPage(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  if (!/<div id="root"><./.test(html)) throw new Error('the first screen arrived without its markup: is the web build server-rendered?');
  const noScript = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '')
    .replace(/<link\b[^>]*rel="manifest"[^>]*>/g, '');
  writeFileSync(join(WEB_DIST, STATIC_PAGE), noScript);
  return noScript;
}

/** Keeps one core busy (as a song being rendered or a library scan would) until stopped. */
function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' });
}

interface Condition {
  name: string;
  throttle: number;
  busy: boolean;
  /** a phone (phone.ts): its screen, 4× CPU and a slow 4G network */
  phone?: boolean;
}

/**
 * The first screen (shell + 个性推荐) in Chromium: the JavaScript it downloads, and its Largest
 * Contentful Paint over cold loads beside a static page showing the same screen, loaded
 * alternately in the same run — unthrottled, at 4× CPU throttling, at 4× with another process
 * keeping a core busy, and on an emulated phone. The goal is the ratio of the two.
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
      `  JS files: ${scripts.length}; total gzip: ${(total / 1024).toFixed(1)} KB (goal ≤ ${BUDGET_KB} KB: ${total / 1024 <= BUDGET_KB ? 'met' : 'MISSED'})`,
    );

    const staticHtml = await writeStaticPage(url);
    console.log(
      `  baseline: the same page without its scripts (${(Buffer.byteLength(staticHtml) / 1024).toFixed(1)} KB of HTML and inline CSS), from the same server`,
    );
    const conditions: Condition[] = [
      { name: 'unthrottled', throttle: 1, busy: false },
      { name: '4× CPU throttling', throttle: 4, busy: false },
      { name: '4× CPU throttling, a core busy', throttle: 4, busy: true },
      { name: `phone: ${PHONE_LABEL}`, throttle: 4, busy: false, phone: true },
    ];
    try {
      for (const condition of conditions) {
        const hog = condition.busy ? busyCore() : null;
        try {
          const app: Load[] = [];
          const baseline: Load[] = [];
          // Alternated, so both meet the same moments of the machine.
          for (let i = 0; i < LOADS; i++) {
            app.push(await loadOnce(browser, url, condition));
            baseline.push(await loadOnce(browser, `${server.url}/${STATIC_PAGE}`, condition));
          }
          const ratio = median(app.map((l) => l.lcp)) / median(baseline.map((l) => l.lcp));
          const goal = condition.throttle === 4 ? ` (goal ≤ ${RATIO_GOAL}×: ${ratio <= RATIO_GOAL ? 'met' : 'MISSED'})` : '';
          console.log(`  ${condition.name}, ${LOADS} cold loads each:`);
          for (const [name, loads] of [
            ['app', app],
            ['static', baseline],
          ] as const) {
            console.log(
              `    ${name.padEnd(6)} LCP median ${median(loads.map((l) => l.lcp)).toFixed(0)} ms, p90 ${p90(loads.map((l) => l.lcp)).toFixed(0)} ms` +
                ` [${loads.map((l) => l.lcp.toFixed(0)).join(', ')}]; FCP median ${median(loads.map((l) => l.fcp)).toFixed(0)} ms; LCP element ${loads.at(-1)!.element}`,
            );
          }
          console.log(`    ratio app / static (LCP medians): ${ratio.toFixed(2)}×${goal}`);
        } finally {
          hog?.kill();
        }
      }
    } finally {
      rmSync(join(WEB_DIST, STATIC_PAGE), { force: true });
    }
  } finally {
    await browser.close();
  }
}
