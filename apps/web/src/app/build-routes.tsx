import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import type { Platform } from '../lib/platform.ts';
import { AuthGate } from './auth-gate.tsx';
import { guardLoader } from './auth-guard.ts';
import { AppShell } from './layout/app-shell.tsx';
import { RouteError } from './pages/route-error.tsx';
import { Splash } from './pages/splash.tsx';
import { routesFor, routeTable, type RouteEntry } from './route-table.ts';

/** What pages and the shell read from a matched route (useMatches). */
export interface RouteHandle {
  title?: string;
  auth?: RouteEntry['auth'];
  hideNav?: boolean;
  collectable?: boolean;
  /** a section page's child tabs */
  tabs?: { to: string; title: string }[];
}

/** `/x` stays absolute; `song` extends the current path. The query string is kept. */
export function resolveRedirect(target: string, requestUrl: string): string {
  const url = new URL(requestUrl);
  const path = target.startsWith('/') ? target : `${url.pathname.replace(/\/+$/, '')}/${target}`;
  return path + url.search;
}

/** An auth page stands behind the AuthGate: logged out, its URL shows the 登录 prompt instead. */
function gated(Page: ComponentType, auth: RouteEntry['auth']): ComponentType {
  if (!auth) return Page;
  const Gated = () => (
    <AuthGate auth={auth}>
      <Page />
    </AuthGate>
  );
  return Gated;
}

function toRoute(entry: RouteEntry, topLevel: boolean): RouteObject {
  const handle: RouteHandle = {
    title: entry.title,
    auth: entry.auth,
    hideNav: entry.hideNav,
    collectable: entry.collectable,
    tabs: entry.children?.filter((c) => c.path && c.title).map((c) => ({ to: c.path!, title: c.title! })),
  };
  const target = entry.redirect;
  const loader = target
    ? ({ request }: { request: Request }) => redirect(resolveRedirect(target, request.url))
    : entry.auth
      ? guardLoader(entry.auth)
      : undefined;
  const load = entry.lazy;
  const page: Partial<RouteObject> = {
    loader,
    handle,
    // A page that throws keeps the shell (navigation, player) around it.
    ...(topLevel ? { ErrorBoundary: RouteError } : {}),
    ...(entry.component ? { Component: gated(entry.component, entry.auth) } : {}),
    // A redirect renders nothing; saying so keeps the router from warning about an empty leaf.
    ...(target ? { element: null } : {}),
    ...(load ? { lazy: async () => ({ Component: gated((await load()).default, entry.auth) }) } : {}),
  };
  if (entry.index) return { ...page, index: true } as RouteObject;
  return { ...page, path: entry.path, children: entry.children?.map((c) => toRoute(c, false)) } as RouteObject;
}

/** The React Router routes of one build: the shell around the table, and the not-found page. */
export function buildRoutes(platform: Platform): RouteObject[] {
  const pages = routesFor(platform, routeTable).map((e) => toRoute(e, true));
  return [
    {
      id: 'shell',
      path: '/',
      element: <AppShell routes={pages} platform={platform} />,
      ErrorBoundary: RouteError,
      HydrateFallback: Splash,
      children: pages,
    },
    // 桌面歌词: the desktop lyric window's own page, outside the shell (no player, no navigation).
    ...(platform === 'desktop'
      ? [
          {
            path: '/desktop-lyric',
            HydrateFallback: Splash,
            lazy: async () => ({ Component: (await import('./pages/desktop-lyric.tsx')).default }),
          },
        ]
      : []),
    // Anything else is the full-screen not-found page (outside the shell).
    { path: '*', HydrateFallback: Splash, lazy: async () => ({ Component: (await import('./pages/not-found.tsx')).default }) },
  ];
}
