import { useEffect, useRef } from 'react';
import { throttle } from '../lib/throttle.ts';
import { useScrollContainer } from './scroll-container.tsx';
import { LoadError } from './load-error.tsx';
import styles from './infinite-scroll.module.css';

/** The next page loads within 60 px of the bottom; scroll handling is throttled to 200 ms. */
export const NEAR_BOTTOM_PX = 60;
export const SCROLL_THROTTLE_MS = 200;

type Scroller = Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>;

export const isNearBottom = (el: Scroller, threshold = NEAR_BOTTOM_PX) => el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;

interface InfiniteScrollOptions {
  /** another page exists (the list is not completed) */
  hasMore: boolean;
  /** a page is on its way (or the last one failed): do not ask again */
  busy: boolean;
  onLoadMore: () => void;
}

/**
 * Infinite scroll against the shell's scrolling main area: scrolling within 60 px of its
 * bottom asks for the next page. A list too short to scroll asks at once, page after page,
 * until it fills the area or ends.
 */
export function useInfiniteScroll({ hasMore, busy, onLoadMore }: InfiniteScrollOptions) {
  const container = useScrollContainer();
  const latest = useRef({ hasMore, busy, onLoadMore });
  useEffect(() => {
    latest.current = { hasMore, busy, onLoadMore };
  });

  useEffect(() => {
    const el = container?.current;
    if (!el) return;
    const check = throttle(() => {
      const { hasMore, busy, onLoadMore } = latest.current;
      if (hasMore && !busy && isNearBottom(el)) onLoadMore();
    }, SCROLL_THROTTLE_MS);
    el.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      el.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      check.cancel();
    };
  }, [container]);

  // After each page (and when the list changes), a list that does not fill the area yet goes on.
  useEffect(() => {
    const el = container?.current;
    if (el && hasMore && !busy && isNearBottom(el)) latest.current.onLoadMore();
  }, [container, hasMore, busy]);
}

export type ListFooterState = 'loading' | 'error' | 'end' | 'idle';

/** Under an infinite list: 加载中… while a page loads, a retry when it failed, 没有更多了 at the end. */
export function ListFooter({ state, onRetry }: { state: ListFooterState; onRetry: () => void }) {
  if (state === 'error') return <LoadError onRetry={onRetry} />;
  if (state === 'loading') {
    return (
      <div className={styles.footer} role="status" aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        加载中…
      </div>
    );
  }
  if (state === 'end') {
    return (
      <div className={styles.footer} role="status" data-testid="list-end">
        没有更多了
      </div>
    );
  }
  return null;
}
