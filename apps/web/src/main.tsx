import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { wireAppearance } from './app/appearance-wiring.ts';
import { installGlobalErrorHandlers } from './app/error-reporting.tsx';
import { wireHttp } from './app/http-wiring.ts';
import { wireOffline } from './app/offline-wiring.ts';
import { wireDesktop } from './app/desktop-wiring.ts';
import { DesktopLyricFeed } from './app/desktop-lyric-feed.tsx';
import { Providers } from './app/providers.tsx';
import { seedFirstScreen } from './app/first-screen.ts';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { wireSession } from './app/session-wiring.ts';
import './styles/global.css';

installGlobalErrorHandlers();
wireHttp();
wireAppearance();
wireOffline();
wireDesktop();
wireSession();

const queryClient = createQueryClient();
seedFirstScreen(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={createAppRouter()} />
      <DesktopLyricFeed />
    </Providers>
  </StrictMode>,
);
