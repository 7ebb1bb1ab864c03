import { act, render, screen } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNearBottom, ListFooter, NEAR_BOTTOM_PX, SCROLL_THROTTLE_MS, useInfiniteScroll } from './infinite-scroll.tsx';
import { ScrollContainerContext } from './scroll-container.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A scroll area with a settable geometry (jsdom has no layout). */
function makeScroller(scrollHeight: number, clientHeight: number) {
  const el = document.createElement('div');
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => clientHeight });
  return el;
}

function Harness({
  scroller,
  onLoadMore,
  hasMore = true,
  busy = false,
}: {
  scroller: HTMLElement;
  onLoadMore: () => void;
  hasMore?: boolean;
  busy?: boolean;
}) {
  const ref = useRef<HTMLElement | null>(scroller);
  return (
    <ScrollContainerContext.Provider value={ref}>
      <List onLoadMore={onLoadMore} hasMore={hasMore} busy={busy} />
    </ScrollContainerContext.Provider>
  );
}

function List(props: { onLoadMore: () => void; hasMore: boolean; busy: boolean }): ReactNode {
  useInfiniteScroll(props);
  return null;
}

describe('isNearBottom', () => {
  it('is true within 60 px of the bottom', () => {
    expect(NEAR_BOTTOM_PX).toBe(60);
    expect(isNearBottom({ scrollHeight: 2000, clientHeight: 900, scrollTop: 1040 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 2000, clientHeight: 900, scrollTop: 1039 })).toBe(false);
    expect(isNearBottom({ scrollHeight: 500, clientHeight: 900, scrollTop: 0 })).toBe(true);
  });
});

describe('useInfiniteScroll', () => {
  it('asks for the next page when scrolled near the bottom, at most once per 200 ms', () => {
    const scroller = makeScroller(3000, 900);
    const onLoadMore = vi.fn();
    render(<Harness scroller={scroller} onLoadMore={onLoadMore} />);
    expect(onLoadMore).not.toHaveBeenCalled();

    scroller.scrollTop = 500;
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    act(() => void vi.advanceTimersByTime(1000));
    expect(onLoadMore).not.toHaveBeenCalled();

    // a burst of scroll events near the bottom: one call now, one trailing call after 200 ms
    for (const top of [2050, 2060, 2070, 2080]) {
      scroller.scrollTop = top;
      act(() => void scroller.dispatchEvent(new Event('scroll')));
    }
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(SCROLL_THROTTLE_MS));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('a list too short to scroll asks at once; nothing is asked while busy or at the end', () => {
    const onLoadMore = vi.fn();
    const short = makeScroller(400, 900);
    const view = render(<Harness scroller={short} onLoadMore={onLoadMore} busy />);
    expect(onLoadMore).not.toHaveBeenCalled();
    view.rerender(<Harness scroller={short} onLoadMore={onLoadMore} />);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    view.rerender(<Harness scroller={short} onLoadMore={onLoadMore} hasMore={false} />);
    act(() => void short.dispatchEvent(new Event('scroll')));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

describe('ListFooter', () => {
  it('shows loading, the end and a retry', () => {
    const onRetry = vi.fn();
    const view = render(<ListFooter state="loading" onRetry={onRetry} />);
    expect(screen.getByRole('status').textContent).toContain('加载中');
    view.rerender(<ListFooter state="end" onRetry={onRetry} />);
    expect(screen.getByRole('status').textContent).toBe('没有更多了');
    view.rerender(<ListFooter state="error" onRetry={onRetry} />);
    act(() => screen.getByRole('button', { name: '请求失败，点击重新加载' }).click());
    expect(onRetry).toHaveBeenCalled();
  });
});
