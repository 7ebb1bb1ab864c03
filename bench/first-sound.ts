import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '@cloudtune/e2e/browser';
import { freePort, type RunningServer } from '@cloudtune/e2e/server';
import type { Browser, Page } from 'playwright-core';
import type { PlayerMedia, PlayList } from './player-media.ts';
import { SAMPLES } from './player-media.ts';
import { emulatePhone, PHONE_CONTEXT, PHONE_LABEL } from './phone.ts';
import { fmt, pause } from './process-stats.ts';
import { hasCommand } from './wrk.ts';

/** The issue's goals, from the pick (double-click, 下一首) to the element's `playing`. */
const GOAL_MEDIAN_MS = 150;
const GOAL_P90_MS = 250;
const VIEWPORT = { width: 1440, height: 900 };
/**
 * On an emulated phone the network's round trips alone exceed the absolute goals, for any page:
 * the goal there is the ratio to the same pick of a static file from nginx, as the first screen's
 * (first-screen.ts) is to a static page.
 */
const PHONE_RATIO_GOAL = 1.5;

/**
 * Stamps, on the page's clock, the pick armed by the bench (its dblclick, or the click on 下一首)
 * and the first `play`, `loadstart`, `loadedmetadata` and `playing` of an <audio> after it.
 */
const PICK_PROBE = `
  window.__pick = null;
  const at = (kind) => (e) => {
    const p = window.__pick;
    if (p && p.kind === kind && p.at === undefined) p.at = performance.now();
  };
  document.addEventListener('dblclick', at('dblclick'), true);
  document.addEventListener('click', at('next'), true);
  for (const name of ['play', 'loadstart', 'loadedmetadata', 'playing'])
    document.addEventListener(name, (e) => {
      const p = window.__pick;
      if (p && p.at !== undefined && p[name] === undefined && e.target instanceof HTMLAudioElement) p[name] = performance.now();
    }, true);
`;

interface Stamps {
  at: number;
  play?: number;
  loadstart?: number;
  loadedmetadata?: number;
  playing: number;
  /** /song/url as the page's resource timing saw it */
  urlStart?: number;
  urlEnd?: number;
}

/** ms from the pick: the whole wait, and where it went. */
interface Sample {
  total: number;
  urlSent: number;
  urlAnswered: number;
  srcSet: number;
  audioRequested: number;
  metadata: number;
}

const sorted = (xs: number[]) => [...xs].filter(Number.isFinite).sort((a, b) => a - b);
const median = (xs: number[]) => {
  const s = sorted(xs);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** Nearest rank. */
const p90 = (xs: number[]) => {
  const s = sorted(xs);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(s.length * 0.9) - 1)]!;
};

/** Picks song `id` (double-click on its row, or 下一首) and waits for `playing`. */
async function pick(page: Page, kind: 'dblclick' | 'next', id: number): Promise<Sample> {
  const row = page.locator(`[data-testid="song-row"][data-song-id="${id}"]`);
  if (kind === 'dblclick') await row.scrollIntoViewIfNeeded();
  await page.evaluate((k) => ((window as unknown as { __pick: unknown }).__pick = { kind: k }), kind);
  if (kind === 'dblclick') await row.dblclick({ position: { x: 120, y: 12 } });
  else await page.getByRole('button', { name: '下一首', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as { __pick: { playing?: number } }).__pick.playing !== undefined, undefined, {
    timeout: 60_000,
  });
  const s = await page.evaluate((songId) => {
    const p = (window as unknown as { __pick: Stamps }).__pick;
    const url = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes(`/song/url?id=${songId}&`) && e.startTime >= p.at - 1) as PerformanceResourceTiming | undefined;
    return { ...p, urlStart: url?.startTime, urlEnd: url?.responseEnd };
  }, id);
  const from = (t: number | undefined) => (t === undefined ? NaN : t - s.at);
  return {
    total: s.playing - s.at,
    urlSent: from(s.urlStart),
    urlAnswered: from(s.urlEnd),
    srcSet: from(s.play),
    audioRequested: from(s.loadstart),
    metadata: from(s.loadedmetadata),
  };
}

/** The song really plays: its time advances. */
const hearing = (page: Page) =>
  page.waitForFunction(
    () => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]');
      return !!a && !a.paused && a.currentTime > 0.2;
    },
    undefined,
    { timeout: 30_000 },
  );

/** A new context (no cache, no service worker, nothing warmed) on a playlist, once it is idle. */
async function coldPage(browser: Browser, origin: string, list: PlayList, phone = false) {
  const context = await browser.newContext(phone ? PHONE_CONTEXT : { viewport: VIEWPORT });
  const page = await context.newPage();
  if (phone) await emulatePhone(page);
  await page.addInitScript({ content: PICK_PROBE });
  await page.goto(`${origin}/list/song/${list.playlistId}`);
  await page.getByTestId('song-row').first().waitFor();
  // A listener picks once the page has loaded: its first screen and covers, its service worker.
  await page.waitForLoadState('networkidle');
  return { page, close: () => context.close() };
}

/** One cold page per song, its first pick. `before` runs just before each pick (a busy server). */
async function coldPicks(
  browser: Browser,
  origin: string,
  list: PlayList,
  { before, phone = false }: { before?: (i: number) => Promise<() => void>; phone?: boolean } = {},
): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const [i, id] of list.ids.entries()) {
    const { page, close } = await coldPage(browser, origin, list, phone);
    const done = before ? await before(i) : () => {};
    try {
      samples.push(await pick(page, 'dblclick', id));
      await hearing(page);
    } finally {
      done();
      await close();
    }
  }
  return samples;
}

/** Picks one song after another in one page (the first pick warms it and is not counted). */
async function warmPicks(browser: Browser, origin: string, list: PlayList, kind: 'dblclick' | 'next'): Promise<Sample[]> {
  const { page, close } = await coldPage(browser, origin, list);
  try {
    const [first, ...rest] = list.ids;
    await pick(page, 'dblclick', first!);
    await hearing(page);
    const samples: Sample[] = [];
    for (const id of rest) samples.push(await pick(page, kind, id));
    await hearing(page);
    return samples;
  } finally {
    await close();
  }
}

/**
 * nginx in front of the server: the app and the API are proxied, and the baseline songs' MP3s
 * (rendered before the run) are static files it serves itself (sendfile, exact length, ranges).
 */
async function startNginxFront(server: RunningServer, files: { id: number; path: string }[]) {
  if (!hasCommand('nginx')) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-nginx-front-'));
  mkdirSync(join(dir, 'www', 'api', 'media', 'audio'), { recursive: true });
  for (const { id, path } of files) copyFileSync(path, join(dir, 'www', 'api', 'media', 'audio', `${id}.mp3`));
  const port = await freePort();
  const upstream = server.url.replace('localhost', '127.0.0.1');
  const proxy = `proxy_pass ${upstream}; proxy_http_version 1.1; proxy_set_header Host $http_host; proxy_set_header Connection ""; proxy_buffering off;`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  types { audio/mpeg mp3; }
  server { listen 127.0.0.1:${port}; root ${dir}/www;
    location ^~ /api/media/audio/ { try_files $uri @app; }
    location / { ${proxy} }
    location @app { ${proxy} } } }`,
  );
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    i < 50 &&
    !(await fetch(`${origin}/api/media/audio/${files[0]!.id}.mp3`, { method: 'HEAD' }).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await pause(100);
  return {
    origin,
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Renders songs through the server (a listener reading them whole), so their files exist. */
async function render(server: RunningServer, ids: number[]): Promise<{ id: number; path: string }[]> {
  const files = ids.map((id) => ({ id, path: join(server.dataDir, 'media', 'audio', `${id}.mp3`) }));
  for (const { id, path } of files) {
    const res = await fetch(`${server.url}/api/media/audio/${id}.mp3`);
    if (!res.ok) throw new Error(`rendering song ${id} for the baseline: HTTP ${res.status}`);
    await res.arrayBuffer();
    // The render is kept once the last byte is sent: the cached file lands just after the answer ends.
    const until = Date.now() + 30_000;
    while (!existsSync(path)) {
      if (Date.now() > until) throw new Error(`song ${id} was rendered but its file never appeared at ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return files;
}

/**
 * The server busy the way a listener meets it: the client's next song being prepared, and
 * another listener's first play being rendered — both running when the pick comes.
 */
function busyWith(server: RunningServer, work: number[]) {
  return async (i: number): Promise<() => void> => {
    const [ahead, other] = [work[i * 2]!, work[i * 2 + 1]!];
    const leave = new AbortController();
    const listening = await fetch(`${server.url}/api/media/audio/${other}.mp3`, { signal: leave.signal });
    const reader = listening.body!.getReader();
    await reader.read();
    // The other listener keeps reading (its render runs on) until the sample is over.
    void (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read());
    })().catch(() => {});
    await fetch(`${server.url}/api/song/prepare?id=${ahead}`, { method: 'POST' });
    return () => leave.abort();
  };
}

interface Row {
  name: string;
  samples: Sample[];
  baseline?: Sample[];
  /** the goal is this ratio of medians to the baseline, not the absolute goals */
  ratioGoal?: number;
}

function report(rows: Row[]): void {
  const ms = (x: number) => `${fmt(x).padStart(5)} ms`;
  console.log(
    `  ${'case'.padEnd(58)} ${'median'.padStart(8)} ${'p90'.padStart(8)}   goal ≤${GOAL_MEDIAN_MS}/≤${GOAL_P90_MS}   baseline med/p90    ratio (median, p90)`,
  );
  for (const { name, samples, baseline, ratioGoal } of rows) {
    const [m, p] = [median(samples.map((s) => s.total)), p90(samples.map((s) => s.total))];
    const base = baseline ? [median(baseline.map((s) => s.total)), p90(baseline.map((s) => s.total))] : undefined;
    const ratioMet = ratioGoal !== undefined && base !== undefined && m / base[0]! <= ratioGoal;
    const met = ratioGoal !== undefined ? (ratioMet ? 'met   ' : 'MISSED') : m <= GOAL_MEDIAN_MS && p <= GOAL_P90_MS ? 'met   ' : 'MISSED';
    const ratio = base
      ? `${(m / base[0]!).toFixed(2)}×, ${(p / base[1]!).toFixed(2)}×${ratioGoal !== undefined ? ` (goal: median ≤ ${ratioGoal}×)` : ''}`
      : '';
    console.log(
      `  ${name.padEnd(58)} ${ms(m)} ${ms(p)}   ${met}          ${base ? `${ms(base[0]!)} ${ms(base[1]!)}` : ' '.repeat(17)}  ${ratio}`,
    );
  }
}

function breakdown(name: string, samples: Sample[]): void {
  const part = (label: string, pickOut: (s: Sample) => number) => `${label} ${fmt(median(samples.map(pickOut)))}`;
  console.log(
    `  ${name} — where the wait goes (medians, ms from the pick): ` +
      [
        part('/song/url sent', (s) => s.urlSent),
        part('answered', (s) => s.urlAnswered),
        part('src set + play()', (s) => s.srcSet),
        part('audio requested', (s) => s.audioRequested),
        part('metadata', (s) => s.metadata),
        part('playing', (s) => s.total),
      ].join(' → '),
  );
}

/**
 * First sound: from the pick to `playing` for each case of the issue, on real audio from the
 * real server, beside the same page playing static files from nginx (the baseline), same run.
 */
export async function measureFirstSound(server: RunningServer, media: PlayerMedia): Promise<void> {
  console.log(
    `\n## First sound: pick → playing (${SAMPLES} songs a case, each never played before; a new browser context per cold sample)`,
  );
  const nginx = await startNginxFront(server, await render(server, [...media.baseline.ids, ...media.phoneBaseline.ids]));
  if (!nginx) console.log('  nginx is not installed (apt-get install nginx-light): no baseline');
  const browser = await launchBrowser();
  try {
    const baselineCold = nginx ? await coldPicks(browser, nginx.origin, media.baseline) : undefined;
    const cold = await coldPicks(browser, server.url, media.cold);
    const busy = await coldPicks(browser, server.url, media.busy, { before: busyWith(server, media.busyWork) });
    const mp3 = await coldPicks(browser, server.url, media.mp3);
    const flac = await coldPicks(browser, server.url, media.flac);
    const freshBrowser: Sample[] = [];
    for (const id of media.freshBrowser.ids) {
      const own = await launchBrowser();
      try {
        freshBrowser.push(...(await coldPicks(own, server.url, { ...media.freshBrowser, ids: [id] })));
      } finally {
        await own.close();
      }
    }
    const baselineWarm = nginx ? await warmPicks(browser, nginx.origin, media.baseline, 'dblclick') : undefined;
    const warm = await warmPicks(browser, server.url, media.warm, 'dblclick');
    const next = await warmPicks(browser, server.url, media.next, 'next');
    const phoneBaseline = nginx ? await coldPicks(browser, nginx.origin, media.phoneBaseline, { phone: true }) : undefined;
    const phone = await coldPicks(browser, server.url, media.phone, { phone: true });

    report([
      { name: 'baseline: cold page, first pick, static MP3 from nginx', samples: baselineCold ?? [] },
      { name: 'cold page, first pick: demo song never played', samples: cold, baseline: baselineCold },
      { name: 'cold page, first pick while the server renders 2 songs', samples: busy, baseline: baselineCold },
      { name: 'cold page, first pick: imported MP3 (as is)', samples: mp3, baseline: baselineCold },
      { name: 'cold page, first pick: imported FLAC (transcoded to 320k)', samples: flac, baseline: baselineCold },
      { name: 'new browser, first pick: demo song never played', samples: freshBrowser, baseline: baselineCold },
      { name: 'baseline: warm page, next pick, static MP3 from nginx', samples: baselineWarm ?? [] },
      { name: 'warm page, next pick (double-click): demo never played', samples: warm, baseline: baselineWarm },
      { name: 'warm page, 下一首: demo song never played', samples: next, baseline: baselineWarm },
      { name: `baseline: phone (${PHONE_LABEL}), cold page, nginx`, samples: phoneBaseline ?? [] },
      {
        name: 'phone, cold page, first pick: demo song never played',
        samples: phone,
        baseline: phoneBaseline,
        ratioGoal: PHONE_RATIO_GOAL,
      },
    ]);
    if (baselineCold) breakdown('baseline (cold, nginx)', baselineCold);
    breakdown('cold demo', cold);
    breakdown('busy', busy);
    breakdown('FLAC', flac);
    if (phoneBaseline) breakdown('phone baseline (nginx)', phoneBaseline);
    breakdown('phone', phone);
  } finally {
    await browser.close();
    await nginx?.stop();
  }
}
