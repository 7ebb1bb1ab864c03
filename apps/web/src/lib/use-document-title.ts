import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Names the window after what the page shows (a keyword, a playlist, an artist), over the
 * shell's route title. The shell sets the route's title in its own effect, which React runs
 * after this page's (parents after children); a microtask runs once the whole commit's effects
 * are done, so this title wins, and it is set again on each of the page's own navigations.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!title) return;
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = `${title} - Cloudtune`;
    });
    return () => {
      live = false;
    };
  }, [title, pathname, search]);
}
