import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
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

/** What the page of the first screen carries: its data (as the API would answer) and the image to fetch first. */
export interface FirstScreenExtras {
  /** answers by API path, e.g. { '/banner': {...}, '/personalized?limit=14': {...} } */
  data: Record<string, unknown>;
  preloadImage?: string;
}
export type FirstScreen = (request: FastifyRequest) => Promise<FirstScreenExtras | undefined>;

/** JSON safe inside a <script> element (no `</script>`, no `<!--`). */
const scriptSafe = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function withFirstScreen(page: string, { data, preloadImage }: FirstScreenExtras): string {
  const preload = preloadImage ? `<link rel="preload" as="image" href="${attribute(preloadImage)}" fetchpriority="high">` : '';
  const script = `<script type="application/json" id="cloudtune-first-screen">${scriptSafe(data)}</script>`;
  return page.replace('</head>', `${preload}${script}</head>`);
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
    // The first screen's page comes with its data and its largest image already on the way.
    const sendFirstScreen = async (request: FastifyRequest, reply: FastifyReply) => {
      const extras = firstScreen ? await firstScreen(request).catch(() => undefined) : undefined;
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(extras ? withFirstScreen(page, extras) : page);
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
