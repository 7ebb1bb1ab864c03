import { isLoggedIn, openLoginView, useAuthStore } from '../features/auth/index.ts';
import { setHttpHooks } from '../lib/http.ts';

/**
 * a 301 reply to a request that needs login logs the user out (when the app still
 * thought they were logged in) and shows the login view; the http client retries it after
 * the next history pop.
 */
export function wireHttp(): () => void {
  return setHttpHooks({
    onAuthRequired: () => {
      if (isLoggedIn()) useAuthStore.getState().logout();
      openLoginView();
    },
  });
}
