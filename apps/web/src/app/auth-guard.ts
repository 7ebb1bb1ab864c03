import { useEffect } from 'react';
import { matchRoutes, useBlocker, useNavigate, type Params, type RouteObject } from 'react-router';
import { isLoggedIn, openLoginView, useAuthStore } from '../features/auth/index.ts';
import { retryParkedRequests } from '../lib/http.ts';
import type { RouteEntry } from './route-table.ts';

/**
 * The auth guard: a route flagged `auth` needs a logged-in user. Inside the app
 * the navigation is cancelled (the page stays where it was) and the login view opens; logging
 * in then carries on to where the user was going. On a cold start straight into such a URL
 * there is no page to stay on: the URL stays, the page is replaced by a 登录 prompt
 * (AuthGate) and the login view opens; logging in shows the page (docs/decisions/0018).
 */

export const authApplies = (auth: RouteEntry['auth'], params: Params) => (typeof auth === 'function' ? auth(params) : auth === true);

/** Whether `pathname` matches a route that needs login. */
export function needsLogin(routes: RouteObject[], pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.some((m) => authApplies((m.route.handle as { auth?: RouteEntry['auth'] } | undefined)?.auth, m.params));
}

/** Loader half: runs when the blocker could not (first load, or outside the shell): the login view opens over the gate. */
export function guardLoader(auth: RouteEntry['auth']) {
  return ({ params }: { params: Params }) => {
    if (authApplies(auth, params) && !isLoggedIn()) openLoginView();
    return null;
  };
}

/** Where a cancelled navigation was going: logging in goes on there; closing the login view forgets it. */
let pendingTarget: string | null = null;

/** Blocker half, used once by the shell: cancels in-app navigations into auth routes, and goes on after a login. */
export function useAuthGuard(routes: RouteObject[]): void {
  const navigate = useNavigate();
  const blocker = useBlocker(({ nextLocation }) => !isLoggedIn() && needsLogin(routes, nextLocation.pathname));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { pathname, search, hash } = blocker.location;
    pendingTarget = pathname + search + hash;
    openLoginView();
    blocker.reset();
  }, [blocker]);

  const loggedIn = useAuthStore((s) => s.user !== null);
  const showing = useAuthStore((s) => s.show);
  useEffect(() => {
    if (!loggedIn) {
      if (!showing) pendingTarget = null;
      return;
    }
    // Requests parked by a 301 need not wait for a history pop once the user is back.
    retryParkedRequests();
    if (pendingTarget) {
      const target = pendingTarget;
      pendingTarget = null;
      navigate(target);
    }
  }, [loggedIn, showing, navigate]);
}
