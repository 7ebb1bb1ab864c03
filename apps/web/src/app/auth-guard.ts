import { useEffect } from 'react';
import { matchRoutes, redirect, useBlocker, type Params, type RouteObject } from 'react-router';
import { isLoggedIn, openLoginView } from '../features/auth/index.ts';
import type { RouteEntry } from './route-table.ts';

/**
 * The auth guard (SPEC §2, §5): a route flagged `auth` needs a logged-in user. Inside the app
 * the navigation is cancelled (the page stays where it was) and the login view opens; on a
 * cold start straight into such a URL there is no page to stay on, so it lands on the home
 * screen with the login view open.
 */
export const GUARD_FALLBACK = '/music/recommend';

export const authApplies = (auth: RouteEntry['auth'], params: Params) => (typeof auth === 'function' ? auth(params) : auth === true);

/** Whether `pathname` matches a route that needs login. */
export function needsLogin(routes: RouteObject[], pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.some((m) => authApplies((m.route.handle as { auth?: RouteEntry['auth'] } | undefined)?.auth, m.params));
}

/** Loader half: runs when the blocker could not (first load, or outside the shell). */
export function guardLoader(auth: RouteEntry['auth']) {
  return ({ params }: { params: Params }) => {
    if (authApplies(auth, params) && !isLoggedIn()) {
      openLoginView();
      return redirect(GUARD_FALLBACK);
    }
    return null;
  };
}

/** Blocker half, used once by the shell: cancels in-app navigations into auth routes. */
export function useAuthGuard(routes: RouteObject[]): void {
  const blocker = useBlocker(({ nextLocation }) => !isLoggedIn() && needsLogin(routes, nextLocation.pathname));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openLoginView();
    blocker.reset();
  }, [blocker]);
}
