import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useNavigation, type RouteObject } from 'react-router';
import { ScrollContainerContext } from '../../components/scroll-container.tsx';
import { Toaster } from '../../components/toaster.tsx';
import { LoginDialog } from '../../features/auth/index.ts';
import { CurrentLyric } from '../../features/lyrics/index.ts';
import { usePhone } from '../../components/use-phone.ts';
import { AudioHost, MiniPlayer, PlayerBar, usePlaybackTime, usePlayerStore } from '../../features/player/index.ts';
import type { Platform } from '../../lib/platform.ts';
import { useAuthGuard } from '../auth-guard.ts';
import type { RouteHandle } from '../build-routes.tsx';
import { useNavHistoryTracking } from '../navigation/use-nav-history-tracking.ts';
import { LibraryHost, PlayerLike } from './library-host.tsx';
import { NowPlaying } from './now-playing.tsx';
import { useNowPlaying } from './now-playing.store.ts';
import { PlayerActions } from './player-actions.tsx';
import { PlayerLyricPanel } from './player-lyric-panel.tsx';
import { Sidebar } from './sidebar.tsx';
import { SongTableServicesProvider } from './song-table-services.tsx';
import { TabBar } from './tab-bar.tsx';
import { TopBar } from './top-bar.tsx';
import { useWindowSizeTracking } from './use-window-size.ts';
import styles from './app-shell.module.css';

/** The lyric line of the playing song: the app joins the player (time) and lyrics features. */
function PlayerLyric() {
  const songId = usePlayerStore((s) => s.current?.id);
  const time = usePlaybackTime((s) => s.currentTime);
  return <CurrentLyric songId={songId} time={time} />;
}

/**
 * A phone's player (decision 0050): the mini player above the tab bar; a tap on it opens the
 * now-playing view (the player bar laid out full), and the lyric panel a swipe away from it.
 */
function PhonePlayer({ bar }: { bar: ReactNode }) {
  const open = useNowPlaying((s) => s.open);
  const { pathname } = useLocation();
  // A link followed from the view (an artist, an album) shows its page.
  useEffect(() => {
    useNowPlaying.getState().setOpen(false);
  }, [pathname]);
  return (
    <>
      {open ? (
        <>
          <NowPlaying player={bar} />
          <PlayerLyricPanel />
        </>
      ) : null}
      <div className={styles.dock}>
        <MiniPlayer onOpen={() => useNowPlaying.getState().setOpen(true)} />
        <TabBar />
      </div>
    </>
  );
}

/** The desktop-app frame around every page except the full-screen not-found page; a phone's frame under 600 px. */
export function AppShell({ routes, platform }: { routes: RouteObject[]; platform: Platform }) {
  useAuthGuard(routes);
  useNavHistoryTracking();
  useWindowSizeTracking();
  const matches = useMatches();
  const hideNav = matches.some((m) => (m.handle as RouteHandle | undefined)?.hideNav);
  const title = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const phone = usePhone();

  // A new page starts at its top, as in a desktop client. (A block body on purpose: Chromium's
  // scrollTo now returns a promise, and an effect must not return one.)
  useEffect(() => {
    if (mainRef.current) mainRef.current.scrollTop = 0;
  }, [pathname]);
  useEffect(() => {
    document.title = title ? `${title} - Cloudtune` : 'Cloudtune 云音乐';
  }, [title]);

  return (
    <div className={styles.app}>
      <TopBar />
      {navigation.state === 'loading' ? <div className={styles.progress} role="progressbar" aria-label="加载中" /> : null}
      <div className={styles.body}>
        {hideNav || phone ? null : <Sidebar platform={platform} />}
        <ScrollContainerContext.Provider value={mainRef}>
          <main id="main" ref={mainRef} className={styles.main}>
            <div className={styles.content}>
              <SongTableServicesProvider>
                <Outlet />
              </SongTableServicesProvider>
            </div>
          </main>
        </ScrollContainerContext.Provider>
      </div>
      {phone ? (
        <PhonePlayer
          bar={<PlayerBar layout="full" lyric={<PlayerLyric />} like={<PlayerLike />} actions={<PlayerActions platform={platform} />} />}
        />
      ) : (
        <>
          <PlayerLyricPanel />
          <PlayerBar lyric={<PlayerLyric />} like={<PlayerLike />} actions={<PlayerActions platform={platform} />} />
        </>
      )}
      <AudioHost />
      <LibraryHost />
      <LoginDialog />
      <Toaster />
    </div>
  );
}
