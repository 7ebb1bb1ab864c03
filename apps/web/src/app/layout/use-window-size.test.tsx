import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { nextSizes } from '../../lib/screen-size.ts';
import { useWindowSizes, useWindowSizeTracking } from './use-window-size.ts';

function Tracker() {
  useWindowSizeTracking();
  return null;
}

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

describe('useWindowSizeTracking', () => {
  afterEach(() => {
    setWidth(1440);
    useWindowSizes.setState(nextSizes(null, 1440), true);
  });

  it('a window narrowed before the app listened (while it hydrated) switches the layout on mount', () => {
    useWindowSizes.setState(nextSizes(null, 1440), true);
    setWidth(900);
    act(() => {
      render(<Tracker />);
    });
    expect(document.documentElement.dataset.layout).toBe('SM');
    expect(useWindowSizes.getState().layout).toBe('SM');
  });

  it('an unchanged window keeps its sizes and the layout written on <html>', () => {
    const before = nextSizes(null, 1440);
    useWindowSizes.setState(before, true);
    act(() => {
      render(<Tracker />);
    });
    expect(useWindowSizes.getState()).toBe(before);
    expect(document.documentElement.dataset.layout).toBe('MD');
  });
});
