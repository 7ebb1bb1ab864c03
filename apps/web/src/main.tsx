import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { wireAppearance } from './app/appearance-wiring.ts';
import { AppRoot } from './app/app-root.tsx';
import { installGlobalErrorHandlers } from './app/error-reporting.tsx';
import { wireHttp } from './app/http-wiring.ts';
import { wireOffline } from './app/offline-wiring.ts';
import { wireDesktop } from './app/desktop-wiring.ts';
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

const container = document.getElementById('root')!;
const app = <AppRoot client={queryClient} router={<RouterProvider router={createAppRouter()} />} />;
if (container.firstElementChild) {
  // The server sent the first screen already drawn: React adopts it instead of drawing it again.
  // As a transition, hydration yields to the browser, so the page keeps painting meanwhile.
  // A mismatch is recovered from (React draws the screen again) and logged, never shown as a crash.
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError: (error) => console.error('[hydration]', error) });
  });
} else createRoot(container).render(app);
