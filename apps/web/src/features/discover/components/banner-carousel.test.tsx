import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '@cloudtune/contract';
import { fixtures } from '../../../test/msw.ts';
import { BANNER_INTERVAL_MS, BannerCarousel } from './banner-carousel.tsx';

const banners: Banner[] = fixtures.banner.banners;
const selected = () => screen.getAllByRole('tab').findIndex((t) => t.getAttribute('aria-selected') === 'true');
const tick = (ms = BANNER_INTERVAL_MS) => act(() => vi.advanceTimersByTime(ms));
const setHidden = (hidden: boolean) => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setHidden(false);
});

describe('BannerCarousel', () => {
  it('colours a tag only with a colour it knows: any other name the server sends (a prototype name too) is the theme colour', () => {
    const named = (titleColor: string): Banner => ({ ...banners[0]!, typeTitle: '新歌', titleColor });
    render(<BannerCarousel banners={[named('red'), named('constructor'), named('__proto__'), named('toString')]} onSelect={vi.fn()} />);
    expect(screen.getAllByText('新歌').map((t) => t.getAttribute('style'))).toEqual([
      'background: rgb(229, 72, 77);',
      'background: var(--theme);',
      'background: var(--theme);',
      'background: var(--theme);',
    ]);
  });

  it('advances every 4000 ms and wraps around', () => {
    render(<BannerCarousel banners={banners} onSelect={vi.fn()} />);
    expect(selected()).toBe(0);
    tick(BANNER_INTERVAL_MS - 1);
    expect(selected()).toBe(0);
    tick(1);
    expect(selected()).toBe(1);
    for (let i = 1; i < banners.length; i++) tick();
    expect(selected()).toBe(0);
  });

  it('pauses while hovered', () => {
    render(<BannerCarousel banners={banners} onSelect={vi.fn()} />);
    const carousel = screen.getByRole('region', { name: '推荐横幅' });
    fireEvent.mouseEnter(carousel);
    tick(BANNER_INTERVAL_MS * 3);
    expect(selected()).toBe(0);
    fireEvent.mouseLeave(carousel);
    tick();
    expect(selected()).toBe(1);
  });

  it('pauses while the tab is hidden', () => {
    render(<BannerCarousel banners={banners} onSelect={vi.fn()} />);
    setHidden(true);
    tick(BANNER_INTERVAL_MS * 3);
    expect(selected()).toBe(0);
    setHidden(false);
    tick();
    expect(selected()).toBe(1);
  });

  it('pauses while the page is not active and stops when unmounted', () => {
    const view = render(<BannerCarousel banners={banners} onSelect={vi.fn()} active={false} />);
    tick(BANNER_INTERVAL_MS * 3);
    expect(selected()).toBe(0);
    view.rerender(<BannerCarousel banners={banners} onSelect={vi.fn()} active />);
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clicking the front slide selects it; a side slide or the arrows move the carousel', () => {
    const onSelect = vi.fn();
    render(<BannerCarousel banners={banners} onSelect={onSelect} />);
    const slides = screen.getAllByTestId('banner');
    fireEvent.click(slides[1]!);
    expect(onSelect).not.toHaveBeenCalled();
    expect(selected()).toBe(1);
    fireEvent.click(slides[1]!);
    expect(onSelect).toHaveBeenCalledWith(banners[1]);
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(selected()).toBe(banners.length - 1);
  });
});
