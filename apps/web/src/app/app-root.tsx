import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { DesktopLyricFeed } from './desktop-lyric-feed.tsx';
import { Providers } from './providers.tsx';

/**
 * The whole app around a router provider. The browser's render and the server's render of the
 * first screen use this same tree, so hydration finds exactly the markup it would have made.
 */
export function AppRoot({ client, router }: { client: QueryClient; router: ReactNode }) {
  return (
    <StrictMode>
      <Providers client={client}>
        {router}
        <DesktopLyricFeed />
      </Providers>
    </StrictMode>
  );
}
