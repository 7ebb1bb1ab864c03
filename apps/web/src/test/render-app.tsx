import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from '../app/build-routes.tsx';
import { Providers } from '../app/providers.tsx';
import type { Platform } from '../lib/platform.ts';

/** The whole app (shell, route table, guard) in a memory router, as a build would run it. */
export function renderApp(url: string, platform: Platform = 'browser') {
  const router = createMemoryRouter(buildRoutes(platform), { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const path = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, client, path };
}
