import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useNavHistory } from './nav-history.store.ts';

/**
 * Records every page shown. A back/forward click has already moved `current` to the target
 * url, so arriving there is not a new visit.
 */
export function useNavHistoryTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const url = pathname + search;
    const { history, visit } = useNavHistory.getState();
    if (history.current?.url !== url) visit(url);
  }, [pathname, search]);
}
