import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from '../app/app-root.tsx';
import { buildRoutes } from '../app/build-routes.tsx';
import { seedFirstScreenData, type FirstScreenData } from '../app/first-screen.ts';
import { createQueryClient } from '../app/query-client.ts';

/** What the server does with a first-screen URL: send this markup inside #root, or redirect. */
export type FirstScreenRender = { html: string } | { redirect: string };

const routes = buildRoutes('browser');
const handler = createStaticHandler(routes);

/**
 * Renders the browser build's page for `url` (the first screen, 个性推荐) as a visitor sees it,
 * from the answers the page carries inline — the same answers the client seeds its cache with,
 * so hydration matches. Stores start at their defaults here, as they do during hydration; a
 * visitor's own saved state (player, login, theme) is applied right after.
 */
export async function renderFirstScreen(url: string, data: FirstScreenData): Promise<FirstScreenRender> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location) return { redirect: location };
    throw new Error(`first screen ${url}: ${context.status}`);
  }
  const client = createQueryClient();
  seedFirstScreenData(client, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<AppRoot client={client} router={<StaticRouterProvider router={router} context={context} />} />);
  client.clear();
  return { html };
}
