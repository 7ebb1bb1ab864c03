import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.ts';
import { isSubsonicUrl, sendSubsonicMiss } from './subsonic-envelope.ts';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Cloudtune</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto;line-height:1.6">
<h1>Cloudtune</h1>
<p>网页端还没有构建。请在仓库根目录运行 <code>npm run build</code>，然后重新启动服务器（或直接运行 <code>npm start</code>）。</p>
<p>The web app has not been built yet. Run <code>npm run build</code> at the repository root, then restart the server (or just run <code>npm start</code>).</p>
<p>The API is available under <a href="/api/banner"><code>/api</code></a>.</p>
</body></html>`;

/** Where the app opens on 个性推荐: `/` and `/music` redirect there in the client. */
const FIRST_SCREEN_PATHS = ['/', '/music', '/music/recommend'];
/** Where `/` and `/music` lead (the route table's redirects): with a server render, one HTTP redirect there. */
const FIRST_SCREEN = '/music/recommend';

/** What the page of the first screen carries: its data (as the API would answer) and the image to fetch first. */
export interface FirstScreenExtras {
  /** answers by API path, e.g. { '/banner': {...}, '/personalized?limit=14': {...} } */
  data: Record<string, unknown>;
  preloadImage?: string;
}
export type FirstScreen = (request: FastifyRequest) => Promise<FirstScreenExtras | undefined>;

/** What the web build's server entry (dist/ssr/first-screen.js) does: the first screen's markup, or a redirect. */
export type RenderFirstScreen = (url: string, data: Record<string, unknown>) => Promise<{ html: string } | { redirect: string }>;

/**
 * The web build's server render of the first screen, beside the browser build (`<dist>/../ssr`);
 * null when that build has none (an older build, or another client's files): the page is then sent
 * with its data only and the client draws it.
 */
export async function loadFirstScreenRenderer(webDist: string): Promise<RenderFirstScreen | null> {
  const entry = join(dirname(webDist), 'ssr', 'first-screen.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { renderFirstScreen?: RenderFirstScreen };
  return typeof module.renderFirstScreen === 'function' ? module.renderFirstScreen : null;
}

/** Rendered pages by URL and data: the first screen's answers change rarely, its markup with them. */
const RENDERED_PAGES = 16;

/** JSON safe inside a <script> element (no `</script>`, no `<!--`). */
const scriptSafe = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function withFirstScreen(page: string, { preloadImage }: FirstScreenExtras, json: string, markup: string): string {
  const preload = preloadImage ? `<link rel="preload" as="image" href="${attribute(preloadImage)}" fetchpriority="high">` : '';
  const script = `<script type="application/json" id="cloudtune-first-screen">${json}</script>`;
  // The image first in the head: the browser asks for it before the stylesheets and scripts.
  const head = /<meta charset="[^"]*"\s*\/?>|<head>/i.exec(page);
  const at = head ? head.index + head[0].length : 0;
  return (page.slice(0, at) + preload + page.slice(at))
    .replace('</head>', () => `${script}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

const isUnder = (url: string, prefix: string): boolean =>
  prefix === '' || url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/**
 * Serves the browser build at `/` beside the API, with history-URL fallback: a GET for a path
 * that is neither under the API nor a file gets index.html, so deep links like
 * /music/recommend load the app. Missing files that look like files (have an extension) stay
 * 404 so a stale asset URL never receives HTML.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string | null,
  apiPrefix: string,
  firstScreen?: FirstScreen,
): Promise<void> {
  const built = webDist !== null && existsSync(join(webDist, 'index.html'));
  // Read once: a new build is served after a restart.
  const page = built ? readFileSync(join(webDist, 'index.html'), 'utf8') : MISSING_BUILD_PAGE;
  if (built) {
    const render = await loadFirstScreenRenderer(webDist).catch((err: unknown) => {
      app.log.error({ err }, 'the web build has a first-screen render that does not load; pages are drawn by the client');
      return null;
    });
    const rendered = new Map<string, Awaited<ReturnType<RenderFirstScreen>>>();
    /** The first screen drawn as the client would draw it from `data` (json: its text); html '' when it cannot be. */
    const markupOf = async (request: FastifyRequest, data: Record<string, unknown>, json: string) => {
      if (!render) return { html: '' };
      const key = `${request.url}\n${json}`;
      let result = rendered.get(key);
      if (!result) {
        result = await render(new URL(request.url, 'http://cloudtune.local').href, data).catch((err: unknown) => {
          request.log.error({ err }, 'first screen render failed; the client draws the page');
          return { html: '' };
        });
        if (rendered.size >= RENDERED_PAGES) rendered.delete(rendered.keys().next().value!);
        rendered.set(key, result);
      }
      return result;
    };
    // The first screen's page comes drawn, with its data and its largest image already on the way.
    const sendFirstScreen = async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.url.indexOf('?');
      const path = query < 0 ? request.url : request.url.slice(0, query);
      if (render && path !== FIRST_SCREEN) return reply.redirect(FIRST_SCREEN + (query < 0 ? '' : request.url.slice(query)), 302);
      const extras = firstScreen ? await firstScreen(request).catch(() => undefined) : undefined;
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!extras) return reply.send(page);
      const json = scriptSafe(extras.data);
      const markup = await markupOf(request, extras.data, json);
      return reply.send(withFirstScreen(page, extras, json, 'html' in markup ? markup.html : ''));
    };
    for (const path of FIRST_SCREEN_PATHS) app.get(path, sendFirstScreen);
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        // Vite fingerprints assets/, so they never change; the page itself must always revalidate.
        if (path.split(/[\\/]/).includes('assets')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // /rest answers its own paths (routes/subsonic); a verb the router does not know (PROPFIND) lands here.
    if (isSubsonicUrl(request.url)) return sendSubsonicMiss(request, reply);
    const path = request.url.split('?')[0]!;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isUnder(path, apiPrefix) || !wantsPage || extname(path) !== '') return sendNotFound(reply);
    if (!built) return reply.code(503).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}

/** API-only mode (desktop shell): every unknown path is an API 404 (a Subsonic envelope under /rest). */
export function apiOnlyNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => (isSubsonicUrl(request.url) ? sendSubsonicMiss(request, reply) : sendNotFound(reply)));
}
