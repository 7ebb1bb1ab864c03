import { createBrowserRouter, createHashRouter } from 'react-router';
import { platform as currentPlatform, type Platform } from '../lib/platform.ts';
import { buildRoutes } from './build-routes.tsx';

/** Browser build: history URLs; desktop build (loaded from a file): hash URLs. */
export function createAppRouter(platform: Platform = currentPlatform) {
  const routes = buildRoutes(platform);
  return platform === 'desktop' ? createHashRouter(routes) : createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
